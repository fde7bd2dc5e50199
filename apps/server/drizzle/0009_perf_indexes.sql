CREATE TABLE "sys_auth_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"v" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_tally" (
	"table_name" text NOT NULL,
	"org_id" integer NOT NULL,
	"crop_id" integer NOT NULL,
	"shard" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sys_tally_table_name_org_id_crop_id_shard_pk" PRIMARY KEY("table_name","org_id","crop_id","shard")
);
--> statement-breakpoint
DROP INDEX "doe_entry_group_crop_idx";--> statement-breakpoint
DROP INDEX "doe_project_crop_idx";--> statement-breakpoint
CREATE INDEX "doe_experiment_updated_idx" ON "doe_experiment" USING btree ("org_id","crop_id","updated_at");--> statement-breakpoint
CREATE INDEX "doe_field_org_updated_idx" ON "doe_field" USING btree ("org_id","updated_at");--> statement-breakpoint
CREATE INDEX "doe_germ_design_updated_idx" ON "doe_germ_design" USING btree ("org_id","crop_id","updated_at");--> statement-breakpoint
CREATE INDEX "doe_germ_list_updated_idx" ON "doe_germ_list" USING btree ("org_id","crop_id","updated_at");--> statement-breakpoint
CREATE INDEX "doe_location_org_updated_idx" ON "doe_location" USING btree ("org_id","updated_at");--> statement-breakpoint
CREATE INDEX "doe_team_org_updated_idx" ON "doe_team" USING btree ("org_id","updated_at");--> statement-breakpoint
CREATE INDEX "germ_germplasm_updated_idx" ON "germ_germplasm" USING btree ("org_id","crop_id","updated_at");--> statement-breakpoint
CREATE INDEX "germ_germplasm_created_idx" ON "germ_germplasm" USING btree ("org_id","crop_id","created_at");--> statement-breakpoint
CREATE INDEX "germ_germplasm_type_idx" ON "germ_germplasm" USING btree ("org_id","crop_id","type","updated_at");--> statement-breakpoint
CREATE INDEX "germ_germplasm_origin_idx" ON "germ_germplasm" USING btree ("org_id","crop_id","origin");--> statement-breakpoint
CREATE INDEX "germ_lot_updated_idx" ON "germ_lot" USING btree ("org_id","crop_id","updated_at");--> statement-breakpoint
CREATE INDEX "germ_lot_crop_no_idx" ON "germ_lot" USING btree ("org_id","crop_id","lot_no");--> statement-breakpoint
CREATE INDEX "doe_entry_group_crop_idx" ON "doe_entry_group" USING btree ("org_id","crop_id","updated_at");--> statement-breakpoint
CREATE INDEX "doe_project_crop_idx" ON "doe_project" USING btree ("org_id","crop_id","updated_at");