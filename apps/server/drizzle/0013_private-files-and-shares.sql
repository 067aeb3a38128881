CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_views" (
	"share_kind" text NOT NULL,
	"share_id" text NOT NULL,
	"visitor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_views_share_kind_share_id_visitor_pk" PRIMARY KEY("share_kind","share_id","visitor")
);
--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gallery_shares" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "shared_by" uuid;--> statement-breakpoint
ALTER TABLE "room_uploads" ADD COLUMN "share_token" text;--> statement-breakpoint
ALTER TABLE "room_uploads" ADD COLUMN "shared_by" uuid;--> statement-breakpoint
ALTER TABLE "gallery_shares" ADD CONSTRAINT "gallery_shares_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_shared_by_users_id_fk" FOREIGN KEY ("shared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_uploads" ADD CONSTRAINT "room_uploads_shared_by_users_id_fk" FOREIGN KEY ("shared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "images_published_idx" ON "images" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "images"."published_at" is not null;--> statement-breakpoint
ALTER TABLE "room_uploads" ADD CONSTRAINT "room_uploads_share_token_unique" UNIQUE("share_token");