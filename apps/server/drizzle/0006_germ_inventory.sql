CREATE TABLE "germ_cart" (
	"user_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"crop_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"quantity" numeric(16, 3) NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "germ_cart_user_id_org_id_lot_id_pk" PRIMARY KEY("user_id","org_id","lot_id")
);
--> statement-breakpoint
CREATE TABLE "germ_counter" (
	"org_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "germ_counter_org_id_key_pk" PRIMARY KEY("org_id","key")
);
--> statement-breakpoint
CREATE TABLE "germ_document" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"crop_id" integer NOT NULL,
	"kind" text NOT NULL,
	"doc_no" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"title" text,
	"recipient" text,
	"purpose" text,
	"place_id" integer,
	"remark" text,
	"submitted_at" timestamp with time zone,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"review_comment" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "germ_document_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "germ_document_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"lot_id" integer,
	"germplasm_id" integer NOT NULL,
	"place_id" integer,
	"unit" text NOT NULL,
	"lot_no" text,
	"harvest_year" integer,
	"quantity" numeric(16, 3),
	"counted_quantity" numeric(16, 3),
	"booked_quantity" numeric(16, 3),
	"new_lot_id" integer,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "germ_germplasm" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"crop_id" integer NOT NULL,
	"accession_no" text NOT NULL,
	"name" text NOT NULL,
	"synonyms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"type" text NOT NULL,
	"origin" text,
	"source" text,
	"generation" text,
	"female_parent_id" integer,
	"male_parent_id" integer,
	"pedigree" text,
	"introduced_on" date,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"document_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remark" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "germ_lot" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"crop_id" integer NOT NULL,
	"lot_no" text NOT NULL,
	"germplasm_id" integer NOT NULL,
	"place_id" integer NOT NULL,
	"unit" text NOT NULL,
	"quantity" numeric(16, 3) DEFAULT 0 NOT NULL,
	"harvest_year" integer,
	"seed_source" text,
	"remark" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "germ_lot_quantity_nonneg" CHECK ("germ_lot"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "germ_lot_txn" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"type" text NOT NULL,
	"amount" numeric(16, 3) NOT NULL,
	"balance_after" numeric(16, 3) NOT NULL,
	"reason" text,
	"document_id" integer,
	"related_lot_id" integer,
	"from_place_id" integer,
	"to_place_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "germ_place" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"parent_id" integer,
	"level" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"condition" text,
	"remark" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "germ_trait" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"crop_id" integer NOT NULL,
	"group_name" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"unit" text,
	"data_type" text NOT NULL,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "germ_trait_value" (
	"germplasm_id" integer NOT NULL,
	"trait_id" integer NOT NULL,
	"value" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "germ_trait_value_germplasm_id_trait_id_pk" PRIMARY KEY("germplasm_id","trait_id")
);
--> statement-breakpoint
ALTER TABLE "germ_cart" ADD CONSTRAINT "germ_cart_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_cart" ADD CONSTRAINT "germ_cart_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_cart" ADD CONSTRAINT "germ_cart_crop_id_sys_crop_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."sys_crop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_cart" ADD CONSTRAINT "germ_cart_lot_id_germ_lot_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."germ_lot"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_counter" ADD CONSTRAINT "germ_counter_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_document" ADD CONSTRAINT "germ_document_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_document" ADD CONSTRAINT "germ_document_crop_id_sys_crop_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."sys_crop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_document" ADD CONSTRAINT "germ_document_place_id_germ_place_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."germ_place"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_document" ADD CONSTRAINT "germ_document_reviewed_by_sys_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_document" ADD CONSTRAINT "germ_document_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_document" ADD CONSTRAINT "germ_document_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_document_event" ADD CONSTRAINT "germ_document_event_document_id_germ_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."germ_document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_document_event" ADD CONSTRAINT "germ_document_event_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_document_line" ADD CONSTRAINT "germ_document_line_document_id_germ_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."germ_document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_document_line" ADD CONSTRAINT "germ_document_line_lot_id_germ_lot_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."germ_lot"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_document_line" ADD CONSTRAINT "germ_document_line_germplasm_id_germ_germplasm_id_fk" FOREIGN KEY ("germplasm_id") REFERENCES "public"."germ_germplasm"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_document_line" ADD CONSTRAINT "germ_document_line_place_id_germ_place_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."germ_place"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_document_line" ADD CONSTRAINT "germ_document_line_new_lot_id_germ_lot_id_fk" FOREIGN KEY ("new_lot_id") REFERENCES "public"."germ_lot"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_germplasm" ADD CONSTRAINT "germ_germplasm_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_germplasm" ADD CONSTRAINT "germ_germplasm_crop_id_sys_crop_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."sys_crop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_germplasm" ADD CONSTRAINT "germ_germplasm_female_parent_id_germ_germplasm_id_fk" FOREIGN KEY ("female_parent_id") REFERENCES "public"."germ_germplasm"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_germplasm" ADD CONSTRAINT "germ_germplasm_male_parent_id_germ_germplasm_id_fk" FOREIGN KEY ("male_parent_id") REFERENCES "public"."germ_germplasm"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_germplasm" ADD CONSTRAINT "germ_germplasm_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_germplasm" ADD CONSTRAINT "germ_germplasm_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_lot" ADD CONSTRAINT "germ_lot_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_lot" ADD CONSTRAINT "germ_lot_crop_id_sys_crop_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."sys_crop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_lot" ADD CONSTRAINT "germ_lot_germplasm_id_germ_germplasm_id_fk" FOREIGN KEY ("germplasm_id") REFERENCES "public"."germ_germplasm"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_lot" ADD CONSTRAINT "germ_lot_place_id_germ_place_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."germ_place"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_lot" ADD CONSTRAINT "germ_lot_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_lot" ADD CONSTRAINT "germ_lot_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_lot_txn" ADD CONSTRAINT "germ_lot_txn_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_lot_txn" ADD CONSTRAINT "germ_lot_txn_lot_id_germ_lot_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."germ_lot"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_lot_txn" ADD CONSTRAINT "germ_lot_txn_document_id_germ_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."germ_document"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_lot_txn" ADD CONSTRAINT "germ_lot_txn_related_lot_id_germ_lot_id_fk" FOREIGN KEY ("related_lot_id") REFERENCES "public"."germ_lot"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_lot_txn" ADD CONSTRAINT "germ_lot_txn_from_place_id_germ_place_id_fk" FOREIGN KEY ("from_place_id") REFERENCES "public"."germ_place"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_lot_txn" ADD CONSTRAINT "germ_lot_txn_to_place_id_germ_place_id_fk" FOREIGN KEY ("to_place_id") REFERENCES "public"."germ_place"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_lot_txn" ADD CONSTRAINT "germ_lot_txn_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_place" ADD CONSTRAINT "germ_place_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_place" ADD CONSTRAINT "germ_place_parent_id_germ_place_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."germ_place"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_place" ADD CONSTRAINT "germ_place_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_place" ADD CONSTRAINT "germ_place_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_trait" ADD CONSTRAINT "germ_trait_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_trait" ADD CONSTRAINT "germ_trait_crop_id_sys_crop_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."sys_crop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_trait" ADD CONSTRAINT "germ_trait_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_trait" ADD CONSTRAINT "germ_trait_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_trait_value" ADD CONSTRAINT "germ_trait_value_germplasm_id_germ_germplasm_id_fk" FOREIGN KEY ("germplasm_id") REFERENCES "public"."germ_germplasm"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_trait_value" ADD CONSTRAINT "germ_trait_value_trait_id_germ_trait_id_fk" FOREIGN KEY ("trait_id") REFERENCES "public"."germ_trait"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germ_trait_value" ADD CONSTRAINT "germ_trait_value_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "germ_document_no_uq" ON "germ_document" USING btree ("org_id","doc_no");--> statement-breakpoint
CREATE INDEX "germ_document_kind_idx" ON "germ_document" USING btree ("org_id","crop_id","kind","status");--> statement-breakpoint
CREATE INDEX "germ_document_event_doc_idx" ON "germ_document_event" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "germ_document_line_doc_idx" ON "germ_document_line" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "germ_document_line_lot_idx" ON "germ_document_line" USING btree ("lot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "germ_germplasm_accession_uq" ON "germ_germplasm" USING btree ("org_id","crop_id","accession_no");--> statement-breakpoint
CREATE INDEX "germ_germplasm_name_idx" ON "germ_germplasm" USING btree ("org_id","crop_id","name");--> statement-breakpoint
CREATE INDEX "germ_germplasm_female_idx" ON "germ_germplasm" USING btree ("female_parent_id");--> statement-breakpoint
CREATE INDEX "germ_germplasm_male_idx" ON "germ_germplasm" USING btree ("male_parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "germ_lot_no_uq" ON "germ_lot" USING btree ("org_id","lot_no");--> statement-breakpoint
CREATE INDEX "germ_lot_germplasm_idx" ON "germ_lot" USING btree ("germplasm_id");--> statement-breakpoint
CREATE INDEX "germ_lot_place_idx" ON "germ_lot" USING btree ("place_id");--> statement-breakpoint
CREATE INDEX "germ_lot_crop_idx" ON "germ_lot" USING btree ("org_id","crop_id");--> statement-breakpoint
CREATE INDEX "germ_lot_txn_lot_idx" ON "germ_lot_txn" USING btree ("lot_id","id");--> statement-breakpoint
CREATE INDEX "germ_lot_txn_org_at_idx" ON "germ_lot_txn" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "germ_lot_txn_doc_idx" ON "germ_lot_txn" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "germ_place_code_uq" ON "germ_place" USING btree ("org_id","code");--> statement-breakpoint
CREATE INDEX "germ_place_parent_idx" ON "germ_place" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "germ_trait_code_uq" ON "germ_trait" USING btree ("org_id","crop_id","code");