CREATE TABLE "batch_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"source_image_id" uuid,
	"source_key" text NOT NULL,
	"status" text NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"job_ids" jsonb,
	"allowance_held" integer DEFAULT 0 NOT NULL,
	"result_image_id" uuid,
	"result_key" text,
	"error" text,
	"error_code" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid,
	"guest_hash" text,
	"allowance_keys" jsonb,
	"operation" jsonb NOT NULL,
	"project_id" uuid,
	"status" text NOT NULL,
	"credits_per_image" integer NOT NULL,
	"lease_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "batch_items" ADD CONSTRAINT "batch_items_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_items" ADD CONSTRAINT "batch_items_source_image_id_images_id_fk" FOREIGN KEY ("source_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_items" ADD CONSTRAINT "batch_items_result_image_id_images_id_fk" FOREIGN KEY ("result_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_items_batch_position_idx" ON "batch_items" USING btree ("batch_id","position");--> statement-breakpoint
CREATE INDEX "batches_account_created_idx" ON "batches" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "batches_guest_created_idx" ON "batches" USING btree ("guest_hash","created_at");--> statement-breakpoint
CREATE INDEX "batches_status_lease_idx" ON "batches" USING btree ("status","lease_expires_at");--> statement-breakpoint
CREATE INDEX "jobs_batch_idx" ON "jobs" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "jobs_waiting_idx" ON "jobs" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "jobs_kind_finished_idx" ON "jobs" USING btree ("kind","status","finished_at");