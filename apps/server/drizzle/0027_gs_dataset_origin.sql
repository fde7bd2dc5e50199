ALTER TABLE "gs_dataset" ADD COLUMN "origin" text DEFAULT 'upload' NOT NULL;--> statement-breakpoint
ALTER TABLE "gs_dataset" ADD COLUMN "crop_id" integer;--> statement-breakpoint
ALTER TABLE "gs_dataset" ADD COLUMN "build_id" integer;--> statement-breakpoint
ALTER TABLE "gs_dataset" ADD CONSTRAINT "gs_dataset_crop_id_sys_crop_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."sys_crop"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gs_dataset" ADD CONSTRAINT "gs_dataset_build_id_sys_genome_build_id_fk" FOREIGN KEY ("build_id") REFERENCES "public"."sys_genome_build"("id") ON DELETE set null ON UPDATE no action;