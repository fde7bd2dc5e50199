CREATE TABLE "sys_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"link" text NOT NULL,
	"contact" text NOT NULL,
	"phone" text,
	"status" text DEFAULT 'open' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "doe_entry_group_member" ALTER COLUMN "generation" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_feedback" ADD CONSTRAINT "sys_feedback_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_feedback" ADD CONSTRAINT "sys_feedback_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_feedback_org_idx" ON "sys_feedback" USING btree ("org_id","created_at");