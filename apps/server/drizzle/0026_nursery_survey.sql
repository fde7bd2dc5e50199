CREATE TABLE "nursery_survey" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"variable_id" integer NOT NULL,
	"value" text NOT NULL,
	"numeric" double precision,
	"observed_at" timestamp with time zone NOT NULL,
	"person" text,
	"source" text NOT NULL,
	"versions" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nursery_survey_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"variable_id" integer NOT NULL,
	"value" text,
	"source" text NOT NULL,
	"person" text,
	"observed_at" timestamp with time zone,
	"changed_by" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nursery_survey_trait" (
	"activity_id" integer NOT NULL,
	"variable_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "nursery_survey_trait_activity_id_variable_id_pk" PRIMARY KEY("activity_id","variable_id")
);
--> statement-breakpoint
ALTER TABLE "nursery_survey" ADD CONSTRAINT "nursery_survey_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_survey" ADD CONSTRAINT "nursery_survey_activity_id_nursery_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."nursery_activity"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_survey" ADD CONSTRAINT "nursery_survey_entry_id_nursery_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."nursery_entry"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_survey" ADD CONSTRAINT "nursery_survey_variable_id_pheno_variable_id_fk" FOREIGN KEY ("variable_id") REFERENCES "public"."pheno_variable"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_survey" ADD CONSTRAINT "nursery_survey_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_survey" ADD CONSTRAINT "nursery_survey_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_survey_history" ADD CONSTRAINT "nursery_survey_history_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_survey_history" ADD CONSTRAINT "nursery_survey_history_activity_id_nursery_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."nursery_activity"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_survey_history" ADD CONSTRAINT "nursery_survey_history_entry_id_nursery_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."nursery_entry"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_survey_history" ADD CONSTRAINT "nursery_survey_history_variable_id_pheno_variable_id_fk" FOREIGN KEY ("variable_id") REFERENCES "public"."pheno_variable"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_survey_history" ADD CONSTRAINT "nursery_survey_history_changed_by_sys_user_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_survey_trait" ADD CONSTRAINT "nursery_survey_trait_activity_id_nursery_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."nursery_activity"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_survey_trait" ADD CONSTRAINT "nursery_survey_trait_variable_id_pheno_variable_id_fk" FOREIGN KEY ("variable_id") REFERENCES "public"."pheno_variable"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "nursery_survey_entry_trait_uq" ON "nursery_survey" USING btree ("entry_id","variable_id");--> statement-breakpoint
CREATE INDEX "nursery_survey_activity_idx" ON "nursery_survey" USING btree ("activity_id","variable_id");--> statement-breakpoint
CREATE INDEX "nursery_survey_history_cell_idx" ON "nursery_survey_history" USING btree ("entry_id","variable_id");--> statement-breakpoint
CREATE INDEX "nursery_survey_trait_variable_idx" ON "nursery_survey_trait" USING btree ("variable_id");