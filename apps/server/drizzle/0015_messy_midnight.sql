CREATE TABLE "sys_notice_read" (
	"notice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_notice_read_notice_id_user_id_pk" PRIMARY KEY("notice_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "sys_notice_read" ADD CONSTRAINT "sys_notice_read_notice_id_sys_notice_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."sys_notice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_notice_read" ADD CONSTRAINT "sys_notice_read_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_notice_read_user_idx" ON "sys_notice_read" USING btree ("user_id");