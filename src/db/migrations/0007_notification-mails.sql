CREATE TABLE "notification_mails" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pool" text NOT NULL,
	"account_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"conversation_id" bigint,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ALTER COLUMN "email_newsletter" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "newsletter_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "newsletter_consent_source" text;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "newsletter_withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_mails" ADD CONSTRAINT "notification_mails_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_mails_account_idx" ON "notification_mails" USING btree ("account_id","kind","sent_at" DESC NULLS LAST);