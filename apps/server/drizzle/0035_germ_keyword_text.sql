-- Hand-written (drizzle-kit generate --custom): what the table definitions cannot express.
-- The germplasm list's keyword search in one column and one index. A keyword of three characters or more
-- was an ILIKE on four columns, each with its trigram index (0010), AND-ed by the planner with the pairs of
-- search_grams (0031): "LD00123" read five indexes and took 14 ms to count and 28 ms to page on 200,000
-- accessions, with 5 to 7 ms of planning (the statistics of five columns). search_text joins the searched
-- columns with a separator no keyword contains (U+001F; the list strips control characters from keywords),
-- so `search_text ILIKE '%k%'` means exactly "some searched column contains k" and is one trigram index
-- scan (5 ms, 0.4 ms of planning). Keywords of one or two characters, which have no trigram, still find
-- their candidates through search_grams (germplasm.service.ts, `keywordCondition`).
ALTER TABLE germ_germplasm ADD COLUMN IF NOT EXISTS search_text text
  GENERATED ALWAYS AS (accession_no || E'\x1f' || name || E'\x1f' || coalesce(pedigree, '') || E'\x1f' || (synonyms::text)) STORED;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX IF NOT EXISTS germ_germplasm_search_trgm ON germ_germplasm USING gin (search_text gin_trgm_ops)';
    -- Only the list searched the pedigree and the synonyms; the accession and name indexes serve the
    -- parent pickers (germplasmOptions).
    EXECUTE 'DROP INDEX IF EXISTS germ_germplasm_pedigree_trgm';
    EXECUTE 'DROP INDEX IF EXISTS germ_germplasm_synonyms_trgm';
  END IF;
END
$$;
