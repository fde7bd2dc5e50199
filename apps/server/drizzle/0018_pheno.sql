CREATE TABLE "pheno_analysis" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"experiment_id" integer NOT NULL,
	"site" integer NOT NULL,
	"variable_id" integer NOT NULL,
	"design" text NOT NULL,
	"result" jsonb NOT NULL,
	"analysed_by" integer,
	"analysed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pheno_observation" (
	"id" serial PRIMARY KEY NOT NULL,
	"experiment_id" integer NOT NULL,
	"plot_ref" integer NOT NULL,
	"variable_id" integer NOT NULL,
	"value" text NOT NULL,
	"numeric" double precision,
	"observed_at" timestamp with time zone NOT NULL,
	"person" text,
	"source" text NOT NULL,
	"excluded" boolean DEFAULT false NOT NULL,
	"exclude_reason" text,
	"versions" integer DEFAULT 0 NOT NULL,
	"org_id" integer NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pheno_observation_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"experiment_id" integer NOT NULL,
	"plot_ref" integer NOT NULL,
	"variable_id" integer NOT NULL,
	"value" text,
	"source" text NOT NULL,
	"person" text,
	"observed_at" timestamp with time zone,
	"changed_by" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pheno_study_trait" (
	"experiment_id" integer NOT NULL,
	"variable_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pheno_study_trait_experiment_id_variable_id_pk" PRIMARY KEY("experiment_id","variable_id")
);
--> statement-breakpoint
CREATE TABLE "pheno_variable" (
	"id" serial PRIMARY KEY NOT NULL,
	"crop_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"trait" text NOT NULL,
	"method" text,
	"scale_type" text NOT NULL,
	"unit" text,
	"minimum" double precision,
	"maximum" double precision,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"synonyms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ontology_id" text,
	"description" text,
	"org_id" integer NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pheno_analysis" ADD CONSTRAINT "pheno_analysis_experiment_id_doe_experiment_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."doe_experiment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pheno_analysis" ADD CONSTRAINT "pheno_analysis_variable_id_pheno_variable_id_fk" FOREIGN KEY ("variable_id") REFERENCES "public"."pheno_variable"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pheno_analysis" ADD CONSTRAINT "pheno_analysis_analysed_by_sys_user_id_fk" FOREIGN KEY ("analysed_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pheno_observation" ADD CONSTRAINT "pheno_observation_experiment_id_doe_experiment_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."doe_experiment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pheno_observation" ADD CONSTRAINT "pheno_observation_plot_ref_doe_plot_id_fk" FOREIGN KEY ("plot_ref") REFERENCES "public"."doe_plot"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pheno_observation" ADD CONSTRAINT "pheno_observation_variable_id_pheno_variable_id_fk" FOREIGN KEY ("variable_id") REFERENCES "public"."pheno_variable"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pheno_observation" ADD CONSTRAINT "pheno_observation_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pheno_observation" ADD CONSTRAINT "pheno_observation_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pheno_observation" ADD CONSTRAINT "pheno_observation_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pheno_observation_history" ADD CONSTRAINT "pheno_observation_history_experiment_id_doe_experiment_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."doe_experiment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pheno_observation_history" ADD CONSTRAINT "pheno_observation_history_plot_ref_doe_plot_id_fk" FOREIGN KEY ("plot_ref") REFERENCES "public"."doe_plot"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pheno_observation_history" ADD CONSTRAINT "pheno_observation_history_variable_id_pheno_variable_id_fk" FOREIGN KEY ("variable_id") REFERENCES "public"."pheno_variable"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pheno_observation_history" ADD CONSTRAINT "pheno_observation_history_changed_by_sys_user_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pheno_study_trait" ADD CONSTRAINT "pheno_study_trait_experiment_id_doe_experiment_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."doe_experiment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pheno_study_trait" ADD CONSTRAINT "pheno_study_trait_variable_id_pheno_variable_id_fk" FOREIGN KEY ("variable_id") REFERENCES "public"."pheno_variable"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pheno_variable" ADD CONSTRAINT "pheno_variable_crop_id_sys_crop_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."sys_crop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pheno_variable" ADD CONSTRAINT "pheno_variable_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pheno_variable" ADD CONSTRAINT "pheno_variable_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pheno_variable" ADD CONSTRAINT "pheno_variable_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pheno_analysis_uq" ON "pheno_analysis" USING btree ("experiment_id","site","variable_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pheno_observation_plot_trait_uq" ON "pheno_observation" USING btree ("plot_ref","variable_id");--> statement-breakpoint
CREATE INDEX "pheno_observation_experiment_idx" ON "pheno_observation" USING btree ("experiment_id","variable_id");--> statement-breakpoint
CREATE INDEX "pheno_observation_history_cell_idx" ON "pheno_observation_history" USING btree ("plot_ref","variable_id");--> statement-breakpoint
CREATE INDEX "pheno_study_trait_variable_idx" ON "pheno_study_trait" USING btree ("variable_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pheno_variable_code_uq" ON "pheno_variable" USING btree ("org_id","crop_id","code");--> statement-breakpoint
CREATE INDEX "pheno_variable_updated_idx" ON "pheno_variable" USING btree ("org_id","crop_id","updated_at");