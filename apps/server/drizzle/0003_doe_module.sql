CREATE TABLE "doe_activity_category" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"color" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"remark" text,
	"org_id" integer NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doe_activity_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"crop_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"experiment_id" integer,
	"field_id" integer,
	"activity_date" date NOT NULL,
	"title" text NOT NULL,
	"operator" text,
	"content" text,
	"cost" double precision,
	"file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"org_id" integer NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doe_entry_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"crop_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"experiment_id" integer,
	"year" integer,
	"season" text,
	"remark" text,
	"org_id" integer NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doe_entry_group_member" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"material_name" text NOT NULL,
	"generation" text NOT NULL,
	"pedigree" text,
	"source" text,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "doe_experiment" (
	"id" serial PRIMARY KEY NOT NULL,
	"crop_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"project_id" integer,
	"location_id" integer,
	"field_id" integer,
	"year" integer NOT NULL,
	"season" text NOT NULL,
	"stage" text,
	"exp_type" text,
	"sowing_date" date,
	"harvest_date" date,
	"reps" integer DEFAULT 1 NOT NULL,
	"design_method" text NOT NULL,
	"trait_source" text DEFAULT 'crop' NOT NULL,
	"traits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seed" integer,
	"check_start" integer,
	"check_end" integer,
	"check_interval" integer,
	"filler" text,
	"block_count" integer,
	"rows" integer,
	"cols" integer,
	"remark" text,
	"status" text DEFAULT 'temporary' NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"pushed_at" timestamp with time zone,
	"pushed_by" integer,
	"design" jsonb,
	"designed_at" timestamp with time zone,
	"designed_by" integer,
	"org_id" integer NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doe_experiment_entry" (
	"id" serial PRIMARY KEY NOT NULL,
	"experiment_id" integer NOT NULL,
	"entry_no" integer NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'test' NOT NULL,
	"generation" text,
	"pedigree" text,
	"material_type" text,
	"list_entry_id" integer
);
--> statement-breakpoint
CREATE TABLE "doe_plot" (
	"id" serial PRIMARY KEY NOT NULL,
	"experiment_id" integer NOT NULL,
	"plot_id" text NOT NULL,
	"plot_number" integer NOT NULL,
	"rep" integer,
	"block" integer,
	"row" integer NOT NULL,
	"col" integer NOT NULL,
	"tier" integer NOT NULL,
	"entry_no" integer NOT NULL,
	"name" text NOT NULL,
	"entry_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doe_block" (
	"id" serial PRIMARY KEY NOT NULL,
	"field_id" integer NOT NULL,
	"name" text NOT NULL,
	"tier" integer NOT NULL,
	"start_row" integer NOT NULL,
	"start_col" integer NOT NULL,
	"rows" integer NOT NULL,
	"cols" integer NOT NULL,
	"remark" text,
	"org_id" integer NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doe_field" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"type" integer NOT NULL,
	"rows" integer NOT NULL,
	"cols" integer NOT NULL,
	"length" double precision,
	"width" double precision,
	"spacing" double precision,
	"plant_rows_per_plot" integer DEFAULT 1 NOT NULL,
	"tiers" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"discarded" boolean DEFAULT false NOT NULL,
	"remark" text,
	"org_id" integer NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doe_germ_design" (
	"id" serial PRIMARY KEY NOT NULL,
	"crop_id" integer NOT NULL,
	"plan_name" text NOT NULL,
	"kind" text DEFAULT 'germplasm' NOT NULL,
	"project_id" integer,
	"year" integer NOT NULL,
	"season" text NOT NULL,
	"status" text DEFAULT 'temporary' NOT NULL,
	"remark" text,
	"org_id" integer NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doe_germ_design_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"design_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"location_id" integer NOT NULL,
	"field_id" integer,
	"list_id" integer NOT NULL,
	"start_number" integer DEFAULT 1 NOT NULL,
	"digits" integer DEFAULT 4 NOT NULL,
	"check_start" integer,
	"check_interval" integer,
	"layout" jsonb NOT NULL,
	"rows" integer,
	"cols" integer
);
--> statement-breakpoint
CREATE TABLE "doe_germ_design_plot" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"plot_id" text NOT NULL,
	"plot_number" integer NOT NULL,
	"row" integer NOT NULL,
	"col" integer NOT NULL,
	"tier" integer NOT NULL,
	"entry_no" integer NOT NULL,
	"name" text NOT NULL,
	"entry_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doe_germ_list" (
	"id" serial PRIMARY KEY NOT NULL,
	"crop_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"project_id" integer,
	"year" integer,
	"season" text,
	"usage" text,
	"remark" text,
	"org_id" integer NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doe_germ_list_entry" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"material_name" text NOT NULL,
	"generation" text NOT NULL,
	"material_type" text,
	"pedigree" text,
	"plant_rows" integer,
	"sowing_quantity" double precision,
	"block" text,
	"plant_plot_number" text,
	"is_check" boolean DEFAULT false NOT NULL,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "doe_harvest_entry" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"harvest_number" text NOT NULL,
	"plot_id" text NOT NULL,
	"plot_number" integer NOT NULL,
	"entry_no" integer NOT NULL,
	"material_name" text NOT NULL,
	"generation" text,
	"pedigree" text,
	"rep" integer,
	"weight" double precision,
	"seed_count" integer,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "doe_harvest_list" (
	"id" serial PRIMARY KEY NOT NULL,
	"experiment_id" integer NOT NULL,
	"name" text NOT NULL,
	"harvest_type" text NOT NULL,
	"harvest_date" date,
	"remark" text,
	"task_id" integer,
	"org_id" integer NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doe_project" (
	"id" serial PRIMARY KEY NOT NULL,
	"crop_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"team_id" integer,
	"leader_id" integer,
	"start_date" date,
	"end_date" date,
	"description" text,
	"status" text DEFAULT 'enabled' NOT NULL,
	"org_id" integer NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doe_project_member" (
	"project_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "doe_project_member_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "doe_team" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"leader_id" integer,
	"description" text,
	"status" text DEFAULT 'enabled' NOT NULL,
	"org_id" integer NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doe_team_member" (
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "doe_team_member_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "doe_activity_category" ADD CONSTRAINT "doe_activity_category_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_activity_category" ADD CONSTRAINT "doe_activity_category_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_activity_category" ADD CONSTRAINT "doe_activity_category_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_activity_record" ADD CONSTRAINT "doe_activity_record_crop_id_sys_crop_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."sys_crop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_activity_record" ADD CONSTRAINT "doe_activity_record_category_id_doe_activity_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."doe_activity_category"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_activity_record" ADD CONSTRAINT "doe_activity_record_experiment_id_doe_experiment_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."doe_experiment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_activity_record" ADD CONSTRAINT "doe_activity_record_field_id_doe_field_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."doe_field"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_activity_record" ADD CONSTRAINT "doe_activity_record_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_activity_record" ADD CONSTRAINT "doe_activity_record_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_activity_record" ADD CONSTRAINT "doe_activity_record_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_entry_group" ADD CONSTRAINT "doe_entry_group_crop_id_sys_crop_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."sys_crop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_entry_group" ADD CONSTRAINT "doe_entry_group_experiment_id_doe_experiment_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."doe_experiment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_entry_group" ADD CONSTRAINT "doe_entry_group_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_entry_group" ADD CONSTRAINT "doe_entry_group_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_entry_group" ADD CONSTRAINT "doe_entry_group_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_entry_group_member" ADD CONSTRAINT "doe_entry_group_member_group_id_doe_entry_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."doe_entry_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_experiment" ADD CONSTRAINT "doe_experiment_crop_id_sys_crop_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."sys_crop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_experiment" ADD CONSTRAINT "doe_experiment_project_id_doe_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."doe_project"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_experiment" ADD CONSTRAINT "doe_experiment_location_id_doe_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."doe_location"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_experiment" ADD CONSTRAINT "doe_experiment_field_id_doe_field_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."doe_field"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_experiment" ADD CONSTRAINT "doe_experiment_pushed_by_sys_user_id_fk" FOREIGN KEY ("pushed_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_experiment" ADD CONSTRAINT "doe_experiment_designed_by_sys_user_id_fk" FOREIGN KEY ("designed_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_experiment" ADD CONSTRAINT "doe_experiment_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_experiment" ADD CONSTRAINT "doe_experiment_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_experiment" ADD CONSTRAINT "doe_experiment_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_experiment_entry" ADD CONSTRAINT "doe_experiment_entry_experiment_id_doe_experiment_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."doe_experiment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_experiment_entry" ADD CONSTRAINT "doe_experiment_entry_list_entry_id_doe_germ_list_entry_id_fk" FOREIGN KEY ("list_entry_id") REFERENCES "public"."doe_germ_list_entry"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_plot" ADD CONSTRAINT "doe_plot_experiment_id_doe_experiment_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."doe_experiment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_block" ADD CONSTRAINT "doe_block_field_id_doe_field_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."doe_field"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_block" ADD CONSTRAINT "doe_block_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_block" ADD CONSTRAINT "doe_block_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_block" ADD CONSTRAINT "doe_block_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_field" ADD CONSTRAINT "doe_field_location_id_doe_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."doe_location"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_field" ADD CONSTRAINT "doe_field_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_field" ADD CONSTRAINT "doe_field_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_field" ADD CONSTRAINT "doe_field_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_germ_design" ADD CONSTRAINT "doe_germ_design_crop_id_sys_crop_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."sys_crop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_germ_design" ADD CONSTRAINT "doe_germ_design_project_id_doe_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."doe_project"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_germ_design" ADD CONSTRAINT "doe_germ_design_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_germ_design" ADD CONSTRAINT "doe_germ_design_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_germ_design" ADD CONSTRAINT "doe_germ_design_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_germ_design_line" ADD CONSTRAINT "doe_germ_design_line_design_id_doe_germ_design_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."doe_germ_design"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_germ_design_line" ADD CONSTRAINT "doe_germ_design_line_location_id_doe_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."doe_location"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_germ_design_line" ADD CONSTRAINT "doe_germ_design_line_field_id_doe_field_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."doe_field"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_germ_design_line" ADD CONSTRAINT "doe_germ_design_line_list_id_doe_germ_list_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."doe_germ_list"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_germ_design_plot" ADD CONSTRAINT "doe_germ_design_plot_line_id_doe_germ_design_line_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."doe_germ_design_line"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_germ_list" ADD CONSTRAINT "doe_germ_list_crop_id_sys_crop_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."sys_crop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_germ_list" ADD CONSTRAINT "doe_germ_list_project_id_doe_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."doe_project"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_germ_list" ADD CONSTRAINT "doe_germ_list_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_germ_list" ADD CONSTRAINT "doe_germ_list_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_germ_list" ADD CONSTRAINT "doe_germ_list_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_germ_list_entry" ADD CONSTRAINT "doe_germ_list_entry_list_id_doe_germ_list_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."doe_germ_list"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_harvest_entry" ADD CONSTRAINT "doe_harvest_entry_list_id_doe_harvest_list_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."doe_harvest_list"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_harvest_list" ADD CONSTRAINT "doe_harvest_list_experiment_id_doe_experiment_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."doe_experiment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_harvest_list" ADD CONSTRAINT "doe_harvest_list_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_harvest_list" ADD CONSTRAINT "doe_harvest_list_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_harvest_list" ADD CONSTRAINT "doe_harvest_list_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_project" ADD CONSTRAINT "doe_project_crop_id_sys_crop_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."sys_crop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_project" ADD CONSTRAINT "doe_project_team_id_doe_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."doe_team"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_project" ADD CONSTRAINT "doe_project_leader_id_sys_user_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_project" ADD CONSTRAINT "doe_project_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_project" ADD CONSTRAINT "doe_project_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_project" ADD CONSTRAINT "doe_project_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_project_member" ADD CONSTRAINT "doe_project_member_project_id_doe_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."doe_project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_project_member" ADD CONSTRAINT "doe_project_member_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_team" ADD CONSTRAINT "doe_team_leader_id_sys_user_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_team" ADD CONSTRAINT "doe_team_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_team" ADD CONSTRAINT "doe_team_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_team" ADD CONSTRAINT "doe_team_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_team_member" ADD CONSTRAINT "doe_team_member_team_id_doe_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."doe_team"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doe_team_member" ADD CONSTRAINT "doe_team_member_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "doe_activity_category_name_uq" ON "doe_activity_category" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX "doe_activity_record_crop_idx" ON "doe_activity_record" USING btree ("org_id","crop_id","activity_date");--> statement-breakpoint
CREATE INDEX "doe_entry_group_crop_idx" ON "doe_entry_group" USING btree ("org_id","crop_id");--> statement-breakpoint
CREATE INDEX "doe_entry_group_member_group_idx" ON "doe_entry_group_member" USING btree ("group_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "doe_experiment_org_code_uq" ON "doe_experiment" USING btree ("org_id","code");--> statement-breakpoint
CREATE INDEX "doe_experiment_crop_idx" ON "doe_experiment" USING btree ("org_id","crop_id","year");--> statement-breakpoint
CREATE INDEX "doe_experiment_field_idx" ON "doe_experiment" USING btree ("field_id");--> statement-breakpoint
CREATE UNIQUE INDEX "doe_experiment_entry_uq" ON "doe_experiment_entry" USING btree ("experiment_id","entry_no");--> statement-breakpoint
CREATE UNIQUE INDEX "doe_plot_experiment_plot_uq" ON "doe_plot" USING btree ("experiment_id","plot_id");--> statement-breakpoint
CREATE INDEX "doe_plot_experiment_number_idx" ON "doe_plot" USING btree ("experiment_id","plot_number");--> statement-breakpoint
CREATE UNIQUE INDEX "doe_block_field_name_uq" ON "doe_block" USING btree ("field_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "doe_field_location_code_uq" ON "doe_field" USING btree ("location_id","code");--> statement-breakpoint
CREATE INDEX "doe_field_org_idx" ON "doe_field" USING btree ("org_id","type");--> statement-breakpoint
CREATE INDEX "doe_germ_design_crop_idx" ON "doe_germ_design" USING btree ("org_id","crop_id","year");--> statement-breakpoint
CREATE INDEX "doe_germ_design_line_design_idx" ON "doe_germ_design_line" USING btree ("design_id");--> statement-breakpoint
CREATE INDEX "doe_germ_design_plot_line_idx" ON "doe_germ_design_plot" USING btree ("line_id","plot_number");--> statement-breakpoint
CREATE UNIQUE INDEX "doe_germ_list_name_uq" ON "doe_germ_list" USING btree ("org_id","crop_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "doe_germ_list_entry_uq" ON "doe_germ_list_entry" USING btree ("list_id","entry_id");--> statement-breakpoint
CREATE INDEX "doe_germ_list_entry_name_idx" ON "doe_germ_list_entry" USING btree ("material_name");--> statement-breakpoint
CREATE UNIQUE INDEX "doe_harvest_entry_number_uq" ON "doe_harvest_entry" USING btree ("list_id","harvest_number");--> statement-breakpoint
CREATE INDEX "doe_harvest_list_experiment_idx" ON "doe_harvest_list" USING btree ("experiment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "doe_harvest_list_task_uq" ON "doe_harvest_list" USING btree ("task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "doe_project_org_code_uq" ON "doe_project" USING btree ("org_id","code");--> statement-breakpoint
CREATE INDEX "doe_project_crop_idx" ON "doe_project" USING btree ("org_id","crop_id");--> statement-breakpoint
CREATE INDEX "doe_project_member_user_idx" ON "doe_project_member" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "doe_team_org_name_uq" ON "doe_team" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX "doe_team_member_user_idx" ON "doe_team_member" USING btree ("user_id");