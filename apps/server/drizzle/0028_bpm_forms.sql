CREATE TABLE "bpm_form" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"schema" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bpm_definition" ADD COLUMN "forms" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bpm_instance" ADD COLUMN "form_values" jsonb;--> statement-breakpoint
ALTER TABLE "bpm_task" ADD COLUMN "form_key" text;--> statement-breakpoint
ALTER TABLE "bpm_task" ADD COLUMN "form_values" jsonb;--> statement-breakpoint
ALTER TABLE "bpm_form" ADD CONSTRAINT "bpm_form_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bpm_form" ADD CONSTRAINT "bpm_form_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bpm_form_key_uq" ON "bpm_form" USING btree ("org_id","key");