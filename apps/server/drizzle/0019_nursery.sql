CREATE TABLE "nursery_activity" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"crop_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"field_id" integer,
	"year" integer NOT NULL,
	"season" text NOT NULL,
	"max_males" integer DEFAULT 3 NOT NULL,
	"status" text DEFAULT 'planning' NOT NULL,
	"finished_at" timestamp with time zone,
	"remark" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nursery_dh_flow" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"crop_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"remark" text,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nursery_entry" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"entry_no" integer NOT NULL,
	"name" text NOT NULL,
	"germplasm_id" integer,
	"generation" text NOT NULL,
	"pedigree" text,
	"female_parent" text,
	"male_parent" text,
	"plot_no" integer NOT NULL,
	"field_no" text,
	"source" text,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "nursery_harvest" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"pollination_id" integer NOT NULL,
	"harvest_number" text NOT NULL,
	"harvest_type" text NOT NULL,
	"germplasm_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"txn_id" bigint,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nursery_pollination" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"female_entry_id" integer NOT NULL,
	"male_entry_id" integer,
	"progeny_name" text NOT NULL,
	"progeny_pedigree" text NOT NULL,
	"progeny_generation" text NOT NULL,
	"result" text,
	"date" date,
	"person" text,
	"bags" integer,
	"finished" boolean DEFAULT false NOT NULL,
	"finished_at" timestamp with time zone,
	"harvested" boolean DEFAULT false NOT NULL,
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nursery_activity" ADD CONSTRAINT "nursery_activity_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_activity" ADD CONSTRAINT "nursery_activity_crop_id_sys_crop_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."sys_crop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_activity" ADD CONSTRAINT "nursery_activity_field_id_doe_field_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."doe_field"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_activity" ADD CONSTRAINT "nursery_activity_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_activity" ADD CONSTRAINT "nursery_activity_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_dh_flow" ADD CONSTRAINT "nursery_dh_flow_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_dh_flow" ADD CONSTRAINT "nursery_dh_flow_crop_id_sys_crop_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."sys_crop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_dh_flow" ADD CONSTRAINT "nursery_dh_flow_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_dh_flow" ADD CONSTRAINT "nursery_dh_flow_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_entry" ADD CONSTRAINT "nursery_entry_activity_id_nursery_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."nursery_activity"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_entry" ADD CONSTRAINT "nursery_entry_germplasm_id_germ_germplasm_id_fk" FOREIGN KEY ("germplasm_id") REFERENCES "public"."germ_germplasm"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_harvest" ADD CONSTRAINT "nursery_harvest_activity_id_nursery_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."nursery_activity"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_harvest" ADD CONSTRAINT "nursery_harvest_pollination_id_nursery_pollination_id_fk" FOREIGN KEY ("pollination_id") REFERENCES "public"."nursery_pollination"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_harvest" ADD CONSTRAINT "nursery_harvest_germplasm_id_germ_germplasm_id_fk" FOREIGN KEY ("germplasm_id") REFERENCES "public"."germ_germplasm"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_harvest" ADD CONSTRAINT "nursery_harvest_lot_id_germ_lot_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."germ_lot"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_harvest" ADD CONSTRAINT "nursery_harvest_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_pollination" ADD CONSTRAINT "nursery_pollination_activity_id_nursery_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."nursery_activity"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_pollination" ADD CONSTRAINT "nursery_pollination_female_entry_id_nursery_entry_id_fk" FOREIGN KEY ("female_entry_id") REFERENCES "public"."nursery_entry"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_pollination" ADD CONSTRAINT "nursery_pollination_male_entry_id_nursery_entry_id_fk" FOREIGN KEY ("male_entry_id") REFERENCES "public"."nursery_entry"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "nursery_activity_code_uq" ON "nursery_activity" USING btree ("org_id","code");--> statement-breakpoint
CREATE INDEX "nursery_activity_updated_idx" ON "nursery_activity" USING btree ("org_id","crop_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "nursery_dh_flow_code_uq" ON "nursery_dh_flow" USING btree ("org_id","crop_id","code");--> statement-breakpoint
CREATE INDEX "nursery_dh_flow_updated_idx" ON "nursery_dh_flow" USING btree ("org_id","crop_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "nursery_entry_no_uq" ON "nursery_entry" USING btree ("activity_id","entry_no");--> statement-breakpoint
CREATE INDEX "nursery_entry_name_idx" ON "nursery_entry" USING btree ("activity_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "nursery_harvest_pollination_uq" ON "nursery_harvest" USING btree ("pollination_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nursery_harvest_number_uq" ON "nursery_harvest" USING btree ("activity_id","harvest_number");--> statement-breakpoint
CREATE INDEX "nursery_harvest_activity_idx" ON "nursery_harvest" USING btree ("activity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nursery_pollination_seq_uq" ON "nursery_pollination" USING btree ("activity_id","seq");--> statement-breakpoint
CREATE INDEX "nursery_pollination_female_idx" ON "nursery_pollination" USING btree ("female_entry_id");