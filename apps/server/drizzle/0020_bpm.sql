CREATE TABLE "bpm_assign_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"definition_id" integer NOT NULL,
	"task_key" text NOT NULL,
	"type" text NOT NULL,
	"options" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"strategy" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bpm_binding" (
	"org_id" integer NOT NULL,
	"business_type" text NOT NULL,
	"model_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bpm_binding_org_id_business_type_pk" PRIMARY KEY("org_id","business_type")
);
--> statement-breakpoint
CREATE TABLE "bpm_user_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"member_user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bpm_leave" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"days" integer NOT NULL,
	"reason" text NOT NULL,
	"remark" text,
	"status" text DEFAULT 'running' NOT NULL,
	"process_instance_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bpm_definition" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"version" integer NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"bpmn_xml" text NOT NULL,
	"model" jsonb NOT NULL,
	"deployed_by" integer,
	"deployed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bpm_model" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"category" text,
	"description" text,
	"bpmn_xml" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bpm_instance" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"definition_id" integer NOT NULL,
	"name" text NOT NULL,
	"business_type" text,
	"business_key" text,
	"status" text DEFAULT 'running' NOT NULL,
	"state" jsonb NOT NULL,
	"start_user_id" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"cancel_reason" text
);
--> statement-breakpoint
CREATE TABLE "bpm_task" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"instance_id" integer NOT NULL,
	"task_key" text NOT NULL,
	"node_id" text NOT NULL,
	"name" text NOT NULL,
	"multi_index" integer,
	"multi_total" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"assignee_user_id" integer,
	"candidate_user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"candidate_permission" text,
	"handled_by" integer,
	"comment" text,
	"close_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bpm_assign_rule" ADD CONSTRAINT "bpm_assign_rule_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bpm_assign_rule" ADD CONSTRAINT "bpm_assign_rule_definition_id_bpm_definition_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."bpm_definition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bpm_binding" ADD CONSTRAINT "bpm_binding_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bpm_binding" ADD CONSTRAINT "bpm_binding_model_id_bpm_model_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."bpm_model"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bpm_user_group" ADD CONSTRAINT "bpm_user_group_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bpm_user_group" ADD CONSTRAINT "bpm_user_group_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bpm_leave" ADD CONSTRAINT "bpm_leave_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bpm_leave" ADD CONSTRAINT "bpm_leave_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bpm_leave" ADD CONSTRAINT "bpm_leave_process_instance_id_bpm_instance_id_fk" FOREIGN KEY ("process_instance_id") REFERENCES "public"."bpm_instance"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bpm_definition" ADD CONSTRAINT "bpm_definition_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bpm_definition" ADD CONSTRAINT "bpm_definition_model_id_bpm_model_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."bpm_model"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bpm_definition" ADD CONSTRAINT "bpm_definition_deployed_by_sys_user_id_fk" FOREIGN KEY ("deployed_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bpm_model" ADD CONSTRAINT "bpm_model_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bpm_model" ADD CONSTRAINT "bpm_model_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bpm_model" ADD CONSTRAINT "bpm_model_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bpm_instance" ADD CONSTRAINT "bpm_instance_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bpm_instance" ADD CONSTRAINT "bpm_instance_definition_id_bpm_definition_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."bpm_definition"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bpm_instance" ADD CONSTRAINT "bpm_instance_start_user_id_sys_user_id_fk" FOREIGN KEY ("start_user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bpm_task" ADD CONSTRAINT "bpm_task_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bpm_task" ADD CONSTRAINT "bpm_task_instance_id_bpm_instance_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."bpm_instance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bpm_task" ADD CONSTRAINT "bpm_task_assignee_user_id_sys_user_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bpm_task" ADD CONSTRAINT "bpm_task_handled_by_sys_user_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bpm_assign_rule_task_uq" ON "bpm_assign_rule" USING btree ("definition_id","task_key");--> statement-breakpoint
CREATE UNIQUE INDEX "bpm_user_group_name_uq" ON "bpm_user_group" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX "bpm_leave_user_idx" ON "bpm_leave" USING btree ("org_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bpm_definition_version_uq" ON "bpm_definition" USING btree ("org_id","key","version");--> statement-breakpoint
CREATE INDEX "bpm_definition_model_idx" ON "bpm_definition" USING btree ("model_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bpm_model_key_uq" ON "bpm_model" USING btree ("org_id","key");--> statement-breakpoint
CREATE INDEX "bpm_instance_starter_idx" ON "bpm_instance" USING btree ("org_id","start_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bpm_instance_business_running_uq" ON "bpm_instance" USING btree ("org_id","business_type","business_key") WHERE "bpm_instance"."status" = 'running' and "bpm_instance"."business_type" is not null;--> statement-breakpoint
CREATE INDEX "bpm_task_instance_idx" ON "bpm_task" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "bpm_task_open_idx" ON "bpm_task" USING btree ("org_id","status");