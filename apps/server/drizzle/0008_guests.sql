CREATE TABLE "guest_files" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"guest_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_usage" (
	"key" text PRIMARY KEY NOT NULL,
	"used" integer NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "guest_files_created_idx" ON "guest_files" USING btree ("created_at");