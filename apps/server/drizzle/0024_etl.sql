CREATE TABLE "etl_business" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"columns" jsonb NOT NULL,
	"remark" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "etl_business_data" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"run_id" integer,
	"key_value" text,
	"data" jsonb NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "etl_pipeline" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"crop_id" integer,
	"name" text NOT NULL,
	"business_type" text NOT NULL,
	"source" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"schedule" jsonb NOT NULL,
	"load_valid_rows" boolean DEFAULT false NOT NULL,
	"remark" text,
	"next_run_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "etl_run" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"pipeline_id" integer NOT NULL,
	"task_id" integer,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"file_name" text,
	"total" integer DEFAULT 0 NOT NULL,
	"inserted" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"message" text,
	"report" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "etl_business" ADD CONSTRAINT "etl_business_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etl_business" ADD CONSTRAINT "etl_business_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etl_business" ADD CONSTRAINT "etl_business_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etl_business_data" ADD CONSTRAINT "etl_business_data_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etl_business_data" ADD CONSTRAINT "etl_business_data_business_id_etl_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."etl_business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etl_business_data" ADD CONSTRAINT "etl_business_data_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etl_business_data" ADD CONSTRAINT "etl_business_data_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etl_pipeline" ADD CONSTRAINT "etl_pipeline_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etl_pipeline" ADD CONSTRAINT "etl_pipeline_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etl_pipeline" ADD CONSTRAINT "etl_pipeline_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etl_run" ADD CONSTRAINT "etl_run_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etl_run" ADD CONSTRAINT "etl_run_pipeline_id_etl_pipeline_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."etl_pipeline"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etl_run" ADD CONSTRAINT "etl_run_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etl_run" ADD CONSTRAINT "etl_run_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "etl_business_org_code_uq" ON "etl_business" USING btree ("org_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "etl_business_data_key_uq" ON "etl_business_data" USING btree ("business_id","key_value");--> statement-breakpoint
CREATE INDEX "etl_business_data_run_idx" ON "etl_business_data" USING btree ("business_id","run_id");--> statement-breakpoint
CREATE INDEX "etl_pipeline_org_type_idx" ON "etl_pipeline" USING btree ("org_id","business_type");--> statement-breakpoint
CREATE INDEX "etl_pipeline_next_run_idx" ON "etl_pipeline" USING btree ("next_run_at");--> statement-breakpoint
CREATE INDEX "etl_run_pipeline_idx" ON "etl_run" USING btree ("pipeline_id","created_at");