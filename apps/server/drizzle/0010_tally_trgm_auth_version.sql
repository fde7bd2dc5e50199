-- Hand-written (drizzle-kit generate --custom): what the table definitions cannot express.
-- 1. Keyword search through trigram indexes (pg_trgm; PGlite loads it as @electric-sql/pglite/contrib/pg_trgm).
--    Where the extension cannot be created, keyword search keeps working without these indexes.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN others THEN
  RAISE NOTICE 'pg_trgm is not available (%): keyword search runs without trigram indexes', SQLERRM;
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX IF NOT EXISTS germ_germplasm_accession_trgm ON germ_germplasm USING gin (accession_no gin_trgm_ops)';
    EXECUTE 'CREATE INDEX IF NOT EXISTS germ_germplasm_name_trgm ON germ_germplasm USING gin (name gin_trgm_ops)';
    EXECUTE 'CREATE INDEX IF NOT EXISTS germ_germplasm_pedigree_trgm ON germ_germplasm USING gin (pedigree gin_trgm_ops)';
    EXECUTE 'CREATE INDEX IF NOT EXISTS germ_germplasm_synonyms_trgm ON germ_germplasm USING gin ((synonyms::text) gin_trgm_ops)';
    EXECUTE 'CREATE INDEX IF NOT EXISTS germ_lot_no_trgm ON germ_lot USING gin (lot_no gin_trgm_ops)';
  END IF;
END
$$;
--> statement-breakpoint
-- 2. Exact totals per organisation and crop (sys_tally), kept by statement-level triggers with
--    transition tables: one upsert per statement and (organisation, crop), on the shard of the backend.
CREATE OR REPLACE FUNCTION bw_tally_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sys_tally (table_name, org_id, crop_id, shard, n)
    SELECT TG_TABLE_NAME, r.org_id, r.crop_id, pg_backend_pid() % 8, count(*) FROM new_rows r GROUP BY r.org_id, r.crop_id
    ORDER BY 2, 3
  ON CONFLICT (table_name, org_id, crop_id, shard) DO UPDATE SET n = sys_tally.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bw_tally_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sys_tally (table_name, org_id, crop_id, shard, n)
    SELECT TG_TABLE_NAME, r.org_id, r.crop_id, pg_backend_pid() % 8, -count(*) FROM old_rows r GROUP BY r.org_id, r.crop_id
    ORDER BY 2, 3
  ON CONFLICT (table_name, org_id, crop_id, shard) DO UPDATE SET n = sys_tally.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A row moved to another organisation or crop (rare: fires only when one of them changes).
CREATE OR REPLACE FUNCTION bw_tally_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sys_tally (table_name, org_id, crop_id, shard, n) VALUES (TG_TABLE_NAME, OLD.org_id, OLD.crop_id, pg_backend_pid() % 8, -1)
  ON CONFLICT (table_name, org_id, crop_id, shard) DO UPDATE SET n = sys_tally.n - 1;
  INSERT INTO sys_tally (table_name, org_id, crop_id, shard, n) VALUES (TG_TABLE_NAME, NEW.org_id, NEW.crop_id, pg_backend_pid() % 8, 1)
  ON CONFLICT (table_name, org_id, crop_id, shard) DO UPDATE SET n = sys_tally.n + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Ledger rows carry no crop: it is their lot's.
CREATE OR REPLACE FUNCTION bw_tally_txn_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sys_tally (table_name, org_id, crop_id, shard, n)
    SELECT 'germ_lot_txn', l.org_id, l.crop_id, pg_backend_pid() % 8, count(*) FROM new_rows r JOIN germ_lot l ON l.id = r.lot_id
    GROUP BY l.org_id, l.crop_id ORDER BY 2, 3
  ON CONFLICT (table_name, org_id, crop_id, shard) DO UPDATE SET n = sys_tally.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bw_tally_txn_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sys_tally (table_name, org_id, crop_id, shard, n)
    SELECT 'germ_lot_txn', l.org_id, l.crop_id, pg_backend_pid() % 8, -count(*) FROM old_rows r JOIN germ_lot l ON l.id = r.lot_id
    GROUP BY l.org_id, l.crop_id ORDER BY 2, 3
  ON CONFLICT (table_name, org_id, crop_id, shard) DO UPDATE SET n = sys_tally.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bw_tally_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sys_tally WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER germ_germplasm_tally_ins AFTER INSERT ON germ_germplasm REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bw_tally_insert();
--> statement-breakpoint
CREATE TRIGGER germ_germplasm_tally_del AFTER DELETE ON germ_germplasm REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bw_tally_delete();
--> statement-breakpoint
CREATE TRIGGER germ_germplasm_tally_move AFTER UPDATE OF org_id, crop_id ON germ_germplasm FOR EACH ROW
  WHEN (OLD.org_id IS DISTINCT FROM NEW.org_id OR OLD.crop_id IS DISTINCT FROM NEW.crop_id) EXECUTE FUNCTION bw_tally_move();
--> statement-breakpoint
CREATE TRIGGER germ_germplasm_tally_trunc AFTER TRUNCATE ON germ_germplasm FOR EACH STATEMENT EXECUTE FUNCTION bw_tally_truncate();
--> statement-breakpoint
CREATE TRIGGER germ_lot_tally_ins AFTER INSERT ON germ_lot REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bw_tally_insert();
--> statement-breakpoint
CREATE TRIGGER germ_lot_tally_del AFTER DELETE ON germ_lot REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bw_tally_delete();
--> statement-breakpoint
CREATE TRIGGER germ_lot_tally_move AFTER UPDATE OF org_id, crop_id ON germ_lot FOR EACH ROW
  WHEN (OLD.org_id IS DISTINCT FROM NEW.org_id OR OLD.crop_id IS DISTINCT FROM NEW.crop_id) EXECUTE FUNCTION bw_tally_move();
--> statement-breakpoint
CREATE TRIGGER germ_lot_tally_trunc AFTER TRUNCATE ON germ_lot FOR EACH STATEMENT EXECUTE FUNCTION bw_tally_truncate();
--> statement-breakpoint
CREATE TRIGGER germ_lot_txn_tally_ins AFTER INSERT ON germ_lot_txn REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bw_tally_txn_insert();
--> statement-breakpoint
CREATE TRIGGER germ_lot_txn_tally_del AFTER DELETE ON germ_lot_txn REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bw_tally_txn_delete();
--> statement-breakpoint
CREATE TRIGGER germ_lot_txn_tally_trunc AFTER TRUNCATE ON germ_lot_txn FOR EACH STATEMENT EXECUTE FUNCTION bw_tally_truncate();
--> statement-breakpoint
INSERT INTO sys_tally (table_name, org_id, crop_id, shard, n)
  SELECT 'germ_germplasm', org_id, crop_id, 0, count(*) FROM germ_germplasm GROUP BY org_id, crop_id
  UNION ALL SELECT 'germ_lot', org_id, crop_id, 0, count(*) FROM germ_lot GROUP BY org_id, crop_id
  UNION ALL SELECT 'germ_lot_txn', l.org_id, l.crop_id, 0, count(*) FROM germ_lot_txn t JOIN germ_lot l ON l.id = t.lot_id GROUP BY l.org_id, l.crop_id;
--> statement-breakpoint
-- 3. The version of everything a cached session depends on: raised by any change of roles, role menus,
--    menus, user roles, user crops, a user's status or rights, and a session ended or switched.
INSERT INTO sys_auth_version (id, v) VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bw_auth_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sys_auth_version SET v = v + 1 WHERE id = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sys_role_auth_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_role FOR EACH STATEMENT EXECUTE FUNCTION bw_auth_bump();
--> statement-breakpoint
CREATE TRIGGER sys_user_role_auth_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_user_role FOR EACH STATEMENT EXECUTE FUNCTION bw_auth_bump();
--> statement-breakpoint
CREATE TRIGGER sys_role_menu_auth_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_role_menu FOR EACH STATEMENT EXECUTE FUNCTION bw_auth_bump();
--> statement-breakpoint
CREATE TRIGGER sys_menu_auth_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_menu FOR EACH STATEMENT EXECUTE FUNCTION bw_auth_bump();
--> statement-breakpoint
CREATE TRIGGER sys_user_crop_auth_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_user_crop FOR EACH STATEMENT EXECUTE FUNCTION bw_auth_bump();
--> statement-breakpoint
CREATE TRIGGER sys_user_auth_bump AFTER UPDATE ON sys_user FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.platform_admin IS DISTINCT FROM NEW.platform_admin OR OLD.username IS DISTINCT FROM NEW.username)
  EXECUTE FUNCTION bw_auth_bump();
--> statement-breakpoint
CREATE TRIGGER sys_user_auth_bump_del AFTER DELETE OR TRUNCATE ON sys_user FOR EACH STATEMENT EXECUTE FUNCTION bw_auth_bump();
--> statement-breakpoint
CREATE TRIGGER sys_session_auth_bump AFTER UPDATE ON sys_session FOR EACH ROW
  WHEN (OLD.ended_at IS DISTINCT FROM NEW.ended_at OR OLD.end_reason IS DISTINCT FROM NEW.end_reason OR OLD.org_id IS DISTINCT FROM NEW.org_id
        OR OLD.crop_id IS DISTINCT FROM NEW.crop_id OR OLD.locale IS DISTINCT FROM NEW.locale OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
        OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION bw_auth_bump();
--> statement-breakpoint
CREATE TRIGGER sys_session_auth_bump_del AFTER DELETE OR TRUNCATE ON sys_session FOR EACH STATEMENT EXECUTE FUNCTION bw_auth_bump();
