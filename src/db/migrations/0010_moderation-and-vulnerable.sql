ALTER TABLE "accounts" ADD COLUMN "vulnerable_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "text_status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "text_submitted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "profiles_text_review_idx" ON "profiles" USING btree ("pool","text_submitted_at") WHERE text_status = 'pending';