CREATE TABLE "account_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"grantee_email" text NOT NULL,
	"grantee_id" uuid,
	"permissions" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_shares_owner_email_unique" UNIQUE("owner_id","grantee_email")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "acting_account_id" uuid;--> statement-breakpoint
ALTER TABLE "account_shares" ADD CONSTRAINT "account_shares_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_shares" ADD CONSTRAINT "account_shares_grantee_id_users_id_fk" FOREIGN KEY ("grantee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_shares_grantee_idx" ON "account_shares" USING btree ("grantee_id");--> statement-breakpoint
CREATE INDEX "account_shares_grantee_email_idx" ON "account_shares" USING btree ("grantee_email");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_acting_account_id_users_id_fk" FOREIGN KEY ("acting_account_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;