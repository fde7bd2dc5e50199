CREATE TABLE "gs_candidate" (
	"id" serial PRIMARY KEY NOT NULL,
	"predict_id" integer NOT NULL,
	"sample_id" text NOT NULL,
	"index_value" real NOT NULL,
	"method" text NOT NULL,
	"org_id" integer NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gs_dataset" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"type" text DEFAULT 'inbred' NOT NULL,
	"sample_count" integer NOT NULL,
	"snp_count" integer NOT NULL,
	"trait_codes" jsonb NOT NULL,
	"common_samples" integer NOT NULL,
	"phenotyped_samples" integer NOT NULL,
	"qc" jsonb NOT NULL,
	"traits" jsonb NOT NULL,
	"samples" jsonb NOT NULL,
	"phenotyped_ids" jsonb NOT NULL,
	"markers" jsonb NOT NULL,
	"phenotype_file_id" uuid NOT NULL,
	"genotype_file_id" uuid NOT NULL,
	"phenotype_file_name" text NOT NULL,
	"genotype_file_name" text NOT NULL,
	"org_id" integer NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gs_model" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"dataset_id" integer NOT NULL,
	"trait_code" text NOT NULL,
	"algorithm" text NOT NULL,
	"folds" integer NOT NULL,
	"seed" integer NOT NULL,
	"iter" integer NOT NULL,
	"burnin" integer NOT NULL,
	"task_id" integer,
	"finished" boolean DEFAULT false NOT NULL,
	"accuracy" real,
	"mse" real,
	"rmse" real,
	"h2" real,
	"favorite" boolean DEFAULT false NOT NULL,
	"result" jsonb,
	"org_id" integer NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gs_predict" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"dataset_id" integer NOT NULL,
	"model_ids" jsonb NOT NULL,
	"sample_codes" jsonb NOT NULL,
	"task_id" integer,
	"finished" boolean DEFAULT false NOT NULL,
	"result" jsonb,
	"verification" jsonb,
	"org_id" integer NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gs_candidate" ADD CONSTRAINT "gs_candidate_predict_id_gs_predict_id_fk" FOREIGN KEY ("predict_id") REFERENCES "public"."gs_predict"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gs_candidate" ADD CONSTRAINT "gs_candidate_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gs_candidate" ADD CONSTRAINT "gs_candidate_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gs_candidate" ADD CONSTRAINT "gs_candidate_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gs_dataset" ADD CONSTRAINT "gs_dataset_phenotype_file_id_sys_file_id_fk" FOREIGN KEY ("phenotype_file_id") REFERENCES "public"."sys_file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gs_dataset" ADD CONSTRAINT "gs_dataset_genotype_file_id_sys_file_id_fk" FOREIGN KEY ("genotype_file_id") REFERENCES "public"."sys_file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gs_dataset" ADD CONSTRAINT "gs_dataset_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gs_dataset" ADD CONSTRAINT "gs_dataset_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gs_dataset" ADD CONSTRAINT "gs_dataset_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gs_model" ADD CONSTRAINT "gs_model_dataset_id_gs_dataset_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."gs_dataset"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gs_model" ADD CONSTRAINT "gs_model_task_id_sys_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."sys_task"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gs_model" ADD CONSTRAINT "gs_model_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gs_model" ADD CONSTRAINT "gs_model_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gs_model" ADD CONSTRAINT "gs_model_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gs_predict" ADD CONSTRAINT "gs_predict_dataset_id_gs_dataset_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."gs_dataset"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gs_predict" ADD CONSTRAINT "gs_predict_task_id_sys_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."sys_task"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gs_predict" ADD CONSTRAINT "gs_predict_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gs_predict" ADD CONSTRAINT "gs_predict_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gs_predict" ADD CONSTRAINT "gs_predict_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gs_candidate_predict_sample_uq" ON "gs_candidate" USING btree ("predict_id","sample_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gs_dataset_org_name_uq" ON "gs_dataset" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX "gs_dataset_org_updated_idx" ON "gs_dataset" USING btree ("org_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gs_model_org_name_uq" ON "gs_model" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX "gs_model_dataset_idx" ON "gs_model" USING btree ("dataset_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gs_predict_org_name_uq" ON "gs_predict" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX "gs_predict_dataset_idx" ON "gs_predict" USING btree ("dataset_id");