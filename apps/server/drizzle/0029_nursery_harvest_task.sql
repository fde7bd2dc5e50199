ALTER TABLE "nursery_harvest" ADD COLUMN "task_id" integer;--> statement-breakpoint
ALTER TABLE "nursery_harvest" ADD CONSTRAINT "nursery_harvest_task_id_sys_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."sys_task"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nursery_harvest_task_idx" ON "nursery_harvest" USING btree ("task_id");