CREATE TABLE "gallery_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"token" text NOT NULL,
	"image_ids" uuid[],
	"shared_with_email" text,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gallery_shares_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"original_image_key" text,
	"is_public" boolean DEFAULT false NOT NULL,
	"share_token" text,
	"view_count" integer DEFAULT 0 NOT NULL,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_share_token_unique" UNIQUE("share_token")
);
--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "favorite" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "position" double precision DEFAULT (extract(epoch from now()) * 1000) NOT NULL;--> statement-breakpoint
ALTER TABLE "gallery_shares" ADD CONSTRAINT "gallery_shares_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gallery_shares_account_idx" ON "gallery_shares" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "projects_account_updated_idx" ON "projects" USING btree ("account_id","updated_at");--> statement-breakpoint
CREATE INDEX "projects_account_activated_idx" ON "projects" USING btree ("account_id","activated_at");--> statement-breakpoint
-- Existing images keep their order (newest first); project ids from before projects existed named nothing.
UPDATE "images" SET "position" = extract(epoch from "created_at") * 1000, "project_id" = NULL;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "images_account_position_idx" ON "images" USING btree ("account_id","position","id");