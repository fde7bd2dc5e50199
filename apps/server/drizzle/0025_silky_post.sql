CREATE TABLE "gs_gca" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"dataset_id" integer NOT NULL,
	"trait_code" text NOT NULL,
	"sca" boolean DEFAULT true NOT NULL,
	"method" text DEFAULT 'ai-reml' NOT NULL,
	"task_id" integer,
	"finished" boolean DEFAULT false NOT NULL,
	"result" jsonb,
	"org_id" integer NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gs_dataset" ADD COLUMN "pedigree_file_id" uuid;--> statement-breakpoint
ALTER TABLE "gs_dataset" ADD COLUMN "pedigree_file_name" text;--> statement-breakpoint
ALTER TABLE "gs_dataset" ADD COLUMN "hybrids" jsonb;--> statement-breakpoint
ALTER TABLE "gs_gca" ADD CONSTRAINT "gs_gca_dataset_id_gs_dataset_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."gs_dataset"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gs_gca" ADD CONSTRAINT "gs_gca_task_id_sys_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."sys_task"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gs_gca" ADD CONSTRAINT "gs_gca_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gs_gca" ADD CONSTRAINT "gs_gca_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gs_gca" ADD CONSTRAINT "gs_gca_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gs_gca_org_name_uq" ON "gs_gca" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX "gs_gca_dataset_idx" ON "gs_gca" USING btree ("dataset_id");--> statement-breakpoint
ALTER TABLE "gs_dataset" ADD CONSTRAINT "gs_dataset_pedigree_file_id_sys_file_id_fk" FOREIGN KEY ("pedigree_file_id") REFERENCES "public"."sys_file"("id") ON DELETE no action ON UPDATE no action;