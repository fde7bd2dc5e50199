ALTER TABLE "nursery_entry" ADD COLUMN "field_row" integer;--> statement-breakpoint
ALTER TABLE "nursery_entry" ADD COLUMN "field_rows" integer;--> statement-breakpoint
ALTER TABLE "nursery_entry" ADD COLUMN "field_range" integer;