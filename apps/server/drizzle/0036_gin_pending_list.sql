-- Hand-written (drizzle-kit generate --custom): what the table definitions cannot express.
-- Every GIN index (the trigram and pair indexes of the germplasm and lot searches, 0010, 0031, 0035) keeps
-- at most 256 kB of new entries in its pending list, instead of the server's gin_pending_list_limit (4 MB
-- by default). New rows go to the list unsorted, every search reads all of it, and the insert that finds
-- it full merges it into the index. On 200,000 accessions, after 10,000 new ones: a full list of 509 pages
-- added 2 to 4 ms to each keyword search ("LD00123" 3.3 ms -> 7.4 ms) and merging the four lists took
-- 0.46 s inside one user's save. With 256 kB the list holds about 600 rows' entries, a search reads at
-- most 32 pages of it, and a merge takes a few milliseconds. (fastupdate = off, no list at all, made each
-- new accession 0.34 ms slower to insert, an import of 10,000 3.4 s slower.) A new GIN index is created
-- WITH (gin_pending_list_limit = 256): a test checks every GIN index of the schema.
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT c.relname
    FROM pg_index i
    JOIN pg_class c ON c.oid = i.indexrelid
    JOIN pg_am a ON a.oid = c.relam
    WHERE a.amname = 'gin' AND c.relnamespace = current_schema()::regnamespace
  LOOP
    EXECUTE format('ALTER INDEX %I SET (gin_pending_list_limit = 256)', r.relname);
  END LOOP;
END
$$;
