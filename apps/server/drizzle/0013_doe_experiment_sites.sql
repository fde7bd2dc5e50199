CREATE TABLE "doe_experiment_site" (
	"id" serial PRIMARY KEY NOT NULL,
	"experiment_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"location_id" integer NOT NULL,
	"field_id" integer NOT NULL,
	"design" jsonb,
	"seed" bigint,
	"share_plots" boolean DEFAULT false NOT NULL,
	"designed_at" timestamp with time zone,
	"designed_by" integer
);
--> statement-breakpoint
ALTER TABLE "doe_plot" ADD COLUMN "site_id" integer;--> statement-breakpoint
-- Existing experiments keep their location and field as site 1, with their saved design and plots.
INSERT INTO "doe_experiment_site" ("experiment_id", "seq", "location_id", "field_id", "design", "seed", "designed_at", "designed_by")
  SELECT "id", 1, "location_id", "field_id", "design", CASE WHEN "design" IS NULL THEN NULL ELSE "seed" END, "designed_at", "designed_by"
  FROM "doe_experiment" WHERE "location_id" IS NOT NULL AND "field_id" IS NOT NULL;--> statement-breakpoint
UPDATE "doe_plot" p SET "site_id" = s."id" FROM "doe_experiment_site" s WHERE s."experiment_id" = p."experiment_id" AND s."seq" = 1;--> statement-breakpoint
DELETE FROM "doe_plot" WHERE "site_id" IS NULL;--> statement-breakpoint
ALTER TABLE "doe_plot" ALTER COLUMN "site_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "doe_experiment_site" ADD CONSTRAINT "doe_experiment_site_experiment_id_doe_experiment_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."doe_experiment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_experiment_site" ADD CONSTRAINT "doe_experiment_site_location_id_doe_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."doe_location"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_experiment_site" ADD CONSTRAINT "doe_experiment_site_field_id_doe_field_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."doe_field"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_experiment_site" ADD CONSTRAINT "doe_experiment_site_designed_by_sys_user_id_fk" FOREIGN KEY ("designed_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "doe_experiment_site_seq_uq" ON "doe_experiment_site" USING btree ("experiment_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "doe_experiment_site_field_uq" ON "doe_experiment_site" USING btree ("experiment_id","field_id");--> statement-breakpoint
CREATE INDEX "doe_experiment_site_field_idx" ON "doe_experiment_site" USING btree ("field_id");--> statement-breakpoint
CREATE INDEX "doe_experiment_site_location_idx" ON "doe_experiment_site" USING btree ("location_id");--> statement-breakpoint
ALTER TABLE "doe_plot" ADD CONSTRAINT "doe_plot_site_id_doe_experiment_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."doe_experiment_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "doe_plot_site_cell_idx" ON "doe_plot" USING btree ("site_id","row","col");