CREATE TABLE "image_analyses" (
	"image_id" uuid PRIMARY KEY NOT NULL,
	"analysis" text NOT NULL,
	"suggestions" jsonb NOT NULL,
	"category" text NOT NULL,
	"category_prompts" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"kind" text NOT NULL,
	"model" text NOT NULL,
	"prompt" text,
	"filename" text NOT NULL,
	"parent_id" uuid,
	"root_id" uuid,
	"project_id" uuid,
	"session_id" text,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"aspect_ratio" text,
	"bytes" integer NOT NULL,
	"content_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"credits_reserved" integer DEFAULT 0 NOT NULL,
	"error" text,
	"result_image_ids" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "image_analyses" ADD CONSTRAINT "image_analyses_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_parent_id_images_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_root_id_images_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "images_account_created_idx" ON "images" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "images_parent_idx" ON "images" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "images_project_idx" ON "images" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "jobs_account_created_idx" ON "jobs" USING btree ("account_id","created_at");