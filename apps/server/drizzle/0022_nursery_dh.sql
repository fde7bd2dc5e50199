CREATE TABLE "nursery_dh_entry" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"crop_id" integer NOT NULL,
	"list_name" text NOT NULL,
	"project" text,
	"year" integer NOT NULL,
	"season" text NOT NULL,
	"field_no" text NOT NULL,
	"germ_count" integer NOT NULL,
	"batch_no" text NOT NULL,
	"task_name" text NOT NULL,
	"flow_id" integer NOT NULL,
	"handbook_file" text,
	"remark" text,
	"germplasm_id" integer NOT NULL,
	"harvest_id" integer,
	"lot_id" integer,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nursery_dh_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"dh_entry_id" integer NOT NULL,
	"step" text NOT NULL,
	"date" date NOT NULL,
	"person" text,
	"count" integer NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"remark" text,
	"lot_id" integer,
	"txn_id" bigint,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nursery_dh_entry" ADD CONSTRAINT "nursery_dh_entry_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_dh_entry" ADD CONSTRAINT "nursery_dh_entry_crop_id_sys_crop_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."sys_crop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_dh_entry" ADD CONSTRAINT "nursery_dh_entry_flow_id_nursery_dh_flow_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."nursery_dh_flow"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_dh_entry" ADD CONSTRAINT "nursery_dh_entry_germplasm_id_germ_germplasm_id_fk" FOREIGN KEY ("germplasm_id") REFERENCES "public"."germ_germplasm"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_dh_entry" ADD CONSTRAINT "nursery_dh_entry_harvest_id_nursery_harvest_id_fk" FOREIGN KEY ("harvest_id") REFERENCES "public"."nursery_harvest"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_dh_entry" ADD CONSTRAINT "nursery_dh_entry_lot_id_germ_lot_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."germ_lot"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_dh_entry" ADD CONSTRAINT "nursery_dh_entry_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_dh_entry" ADD CONSTRAINT "nursery_dh_entry_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_dh_event" ADD CONSTRAINT "nursery_dh_event_dh_entry_id_nursery_dh_entry_id_fk" FOREIGN KEY ("dh_entry_id") REFERENCES "public"."nursery_dh_entry"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_dh_event" ADD CONSTRAINT "nursery_dh_event_lot_id_germ_lot_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."germ_lot"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nursery_dh_event" ADD CONSTRAINT "nursery_dh_event_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "nursery_dh_entry_batch_uq" ON "nursery_dh_entry" USING btree ("org_id","crop_id","batch_no");--> statement-breakpoint
CREATE INDEX "nursery_dh_entry_created_idx" ON "nursery_dh_entry" USING btree ("org_id","crop_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "nursery_dh_event_step_uq" ON "nursery_dh_event" USING btree ("dh_entry_id","step");