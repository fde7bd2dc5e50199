-- Hand-written (drizzle-kit generate --custom): what the table definitions cannot express.
-- Keyword search of the germplasm list for every keyword length. The trigram indexes (0010) cannot serve a
-- keyword of one or two characters ("郑单", "PH"), and four of them OR-ed make the planner scan the table;
-- search_grams holds every character and every pair of characters (lower case) of the searched columns, so
-- the list finds the candidates of any keyword in one index and the ILIKE keeps its exact meaning
-- (germplasm.service.ts, `keywordCondition`).
CREATE OR REPLACE FUNCTION bw_grams(t text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT AS $$
DECLARE
  l text := lower(t);
  n int := length(l);
  out text[] := '{}';
BEGIN
  FOR i IN 1..n LOOP
    out := out || substr(l, i, 1);
    IF i < n THEN
      out := out || substr(l, i, 2);
    END IF;
  END LOOP;
  RETURN out;
END
$$;
--> statement-breakpoint
-- The keys a keyword needs: its pairs of characters (lower case), or the character itself when it has one.
CREATE OR REPLACE FUNCTION bw_keyword_grams(k text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT AS $$
DECLARE
  l text := lower(k);
  n int := length(l);
  out text[] := '{}';
BEGIN
  IF n = 1 THEN
    RETURN ARRAY[l];
  END IF;
  FOR i IN 1..n - 1 LOOP
    out := out || substr(l, i, 2);
  END LOOP;
  RETURN out;
END
$$;
--> statement-breakpoint
-- Stored (not an expression index): a GIN match of an array is rechecked row by row, and ANALYZE keeps
-- statistics of a column's elements, so the planner knows a common pair from a rare one. The column is not
-- in the Drizzle schema (nothing reads it but the list's condition).
ALTER TABLE germ_germplasm ADD COLUMN IF NOT EXISTS search_grams text[]
  GENERATED ALWAYS AS (bw_grams(accession_no || E'\x1f' || name || E'\x1f' || coalesce(pedigree, '') || E'\x1f' || (synonyms::text))) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS germ_germplasm_grams ON germ_germplasm USING gin (search_grams);
