-- Hand-written (drizzle-kit generate --custom): what the table definitions cannot express.
-- doe_experiment.plots_version (0033) goes up in the transaction of every statement that writes the plots
-- or the sites of an experiment, whatever code writes them (design, reset, harvest, nursery layouts,
-- phenotype studies, a hand-made fix). An API process keeps the JSON of an experiment's plots under that
-- version (experiment.service.ts, `experimentPlotsJson`): a write commits a new version, so no process
-- serves plots older than the version it read, and several processes need no message to each other.
CREATE OR REPLACE FUNCTION bw_doe_plots_bump_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE doe_experiment SET plots_version = plots_version + 1 WHERE id IN (SELECT DISTINCT experiment_id FROM new_rows);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bw_doe_plots_bump_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE doe_experiment SET plots_version = plots_version + 1 WHERE id IN (SELECT DISTINCT experiment_id FROM old_rows);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bw_doe_plots_bump_both() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE doe_experiment SET plots_version = plots_version + 1
  WHERE id IN (SELECT experiment_id FROM new_rows UNION SELECT experiment_id FROM old_rows);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER doe_plot_version_ins AFTER INSERT ON doe_plot REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bw_doe_plots_bump_new();
--> statement-breakpoint
CREATE TRIGGER doe_plot_version_upd AFTER UPDATE ON doe_plot REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bw_doe_plots_bump_both();
--> statement-breakpoint
CREATE TRIGGER doe_plot_version_del AFTER DELETE ON doe_plot REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bw_doe_plots_bump_old();
--> statement-breakpoint
CREATE TRIGGER doe_experiment_site_version_ins AFTER INSERT ON doe_experiment_site REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bw_doe_plots_bump_new();
--> statement-breakpoint
CREATE TRIGGER doe_experiment_site_version_upd AFTER UPDATE ON doe_experiment_site REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bw_doe_plots_bump_both();
--> statement-breakpoint
CREATE TRIGGER doe_experiment_site_version_del AFTER DELETE ON doe_experiment_site REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bw_doe_plots_bump_old();
