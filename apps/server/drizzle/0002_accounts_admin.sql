CREATE TABLE "sys_audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"org_id" integer,
	"user_id" integer,
	"username" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"result" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"request_id" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_cas_bind" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"identity_id" integer,
	"status" text DEFAULT 'waiting' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_login_challenge" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"method" text NOT NULL,
	"context" jsonb NOT NULL,
	"guesses" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "sys_login_challenge_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sys_password_reset" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"key_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_password_reset_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "sys_qr_login" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"poll_secret_hash" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"user_id" integer,
	"ip" text,
	"user_agent" text,
	"locale" text DEFAULT 'zh-CN' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_recovery_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_scan_identity" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"device_name" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "sys_scan_identity_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "sys_user_totp" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"enabled_at" timestamp with time zone,
	"last_time_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_verify_code" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"user_id" integer,
	"code_hash" text NOT NULL,
	"guesses" smallint DEFAULT 0 NOT NULL,
	"ip" text,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_license" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_id" integer NOT NULL,
	"name" text NOT NULL,
	"activation_date" date NOT NULL,
	"expiry_date" date NOT NULL,
	"consumer_type" text NOT NULL,
	"consumer_amount" integer NOT NULL,
	"description" text,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_license_subject_id_unique" UNIQUE("subject_id")
);
--> statement-breakpoint
CREATE TABLE "sys_license_install" (
	"id" serial PRIMARY KEY NOT NULL,
	"license_id" text NOT NULL,
	"file" text NOT NULL,
	"installed_by" integer,
	"installed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_license_subject" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"contact" text,
	"description" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_license_subject_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sys_message" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_app" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_key" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"description_zh" text,
	"description_en" text,
	"icon" text,
	"target" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_app_app_key_unique" UNIQUE("app_key")
);
--> statement-breakpoint
CREATE TABLE "sys_brand" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_key" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"logo_url" text,
	"primary_color" text DEFAULT '#1677ff' NOT NULL,
	"hosts" text[] DEFAULT '{}'::text[] NOT NULL,
	"path_prefix" text,
	"dashboard_type" text DEFAULT 'default' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_brand_brand_key_unique" UNIQUE("brand_key")
);
--> statement-breakpoint
CREATE TABLE "sys_dept" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_genome_build" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"crop_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_notice" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"level" text DEFAULT 'info' NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"status" text DEFAULT 'enabled' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"purpose" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "phone_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "platform_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "dept_id" integer;--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "last_login_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sys_user_crop" ADD COLUMN "current_build_id" integer;--> statement-breakpoint
ALTER TABLE "sys_user_org" ADD COLUMN "view_dept_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_cas_bind" ADD CONSTRAINT "sys_cas_bind_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_cas_bind" ADD CONSTRAINT "sys_cas_bind_identity_id_sys_scan_identity_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."sys_scan_identity"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_login_challenge" ADD CONSTRAINT "sys_login_challenge_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_password_reset" ADD CONSTRAINT "sys_password_reset_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_qr_login" ADD CONSTRAINT "sys_qr_login_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_recovery_code" ADD CONSTRAINT "sys_recovery_code_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_scan_identity" ADD CONSTRAINT "sys_scan_identity_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_totp" ADD CONSTRAINT "sys_user_totp_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_verify_code" ADD CONSTRAINT "sys_verify_code_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_license" ADD CONSTRAINT "sys_license_subject_id_sys_license_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."sys_license_subject"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_license" ADD CONSTRAINT "sys_license_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_license_install" ADD CONSTRAINT "sys_license_install_installed_by_sys_user_id_fk" FOREIGN KEY ("installed_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_license_subject" ADD CONSTRAINT "sys_license_subject_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_message" ADD CONSTRAINT "sys_message_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_message" ADD CONSTRAINT "sys_message_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_dept" ADD CONSTRAINT "sys_dept_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_dept" ADD CONSTRAINT "sys_dept_parent_id_sys_dept_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."sys_dept"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_genome_build" ADD CONSTRAINT "sys_genome_build_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_genome_build" ADD CONSTRAINT "sys_genome_build_crop_id_sys_crop_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."sys_crop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_genome_build" ADD CONSTRAINT "sys_genome_build_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_notice" ADD CONSTRAINT "sys_notice_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_notice" ADD CONSTRAINT "sys_notice_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_audit_log_org_at_idx" ON "sys_audit_log" USING btree ("org_id","at");--> statement-breakpoint
CREATE INDEX "sys_audit_log_action_idx" ON "sys_audit_log" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "sys_recovery_code_user_idx" ON "sys_recovery_code" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sys_verify_code_target_idx" ON "sys_verify_code" USING btree ("target","created_at");--> statement-breakpoint
CREATE INDEX "sys_verify_code_ip_idx" ON "sys_verify_code" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "sys_message_user_idx" ON "sys_message" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sys_dept_org_idx" ON "sys_dept" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_genome_build_crop_code_uq" ON "sys_genome_build" USING btree ("crop_id","code");--> statement-breakpoint
CREATE INDEX "sys_notice_org_idx" ON "sys_notice" USING btree ("org_id","published_at");--> statement-breakpoint
CREATE INDEX "sys_outbox_created_idx" ON "sys_outbox" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "sys_user" ADD CONSTRAINT "sys_user_dept_id_sys_dept_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."sys_dept"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_crop" ADD CONSTRAINT "sys_user_crop_current_build_id_sys_genome_build_id_fk" FOREIGN KEY ("current_build_id") REFERENCES "public"."sys_genome_build"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_phone_verified_uq" ON "sys_user" USING btree ("phone") WHERE "sys_user"."phone_verified";