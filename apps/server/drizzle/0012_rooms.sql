CREATE TABLE "room_segments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"upload_id" text NOT NULL,
	"image_id" text NOT NULL,
	"furniture_type" text NOT NULL,
	"box" jsonb NOT NULL,
	"score" real NOT NULL,
	"colour" text,
	"colour_hex" text,
	"results" jsonb,
	"results_source" text,
	"searched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" uuid,
	"guest_hash" text,
	"session_id" text,
	"status" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"job_id" uuid,
	"error" text,
	"original_key" text NOT NULL,
	"working_key" text,
	"processed_key" text,
	"mask_key" text,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"furniture" jsonb,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_variations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"upload_id" text NOT NULL,
	"style" text NOT NULL,
	"title" text NOT NULL,
	"storage_key" text NOT NULL,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "room_segments" ADD CONSTRAINT "room_segments_upload_id_room_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."room_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_uploads" ADD CONSTRAINT "room_uploads_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_variations" ADD CONSTRAINT "room_variations_upload_id_room_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."room_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_segments_image_idx" ON "room_segments" USING btree ("upload_id","image_id");--> statement-breakpoint
CREATE INDEX "room_uploads_account_created_idx" ON "room_uploads" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "room_uploads_guest_created_idx" ON "room_uploads" USING btree ("guest_hash","created_at");--> statement-breakpoint
CREATE INDEX "room_uploads_status_idx" ON "room_uploads" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "room_variations_upload_idx" ON "room_variations" USING btree ("upload_id","created_at");