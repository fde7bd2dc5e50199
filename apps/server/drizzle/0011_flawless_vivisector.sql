CREATE TABLE "germ_accession_series" (
	"org_id" integer NOT NULL,
	"crop_id" integer NOT NULL,
	"prefix" text NOT NULL,
	"digits" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "germ_accession_series_org_id_crop_id_pk" PRIMARY KEY("org_id","crop_id")
);
--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "password_change_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "germ_accession_series" ADD CONSTRAINT "germ_accession_series_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_accession_series" ADD CONSTRAINT "germ_accession_series_crop_id_sys_crop_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."sys_crop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_accession_series" ADD CONSTRAINT "germ_accession_series_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;