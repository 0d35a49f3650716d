CREATE TABLE "skips" (
	"pool" text NOT NULL,
	"account_id" bigint NOT NULL,
	"skipped_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "skips_pool_account_id_skipped_id_pk" PRIMARY KEY("pool","account_id","skipped_id")
);
--> statement-breakpoint
CREATE TABLE "swipe_days" (
	"pool" text NOT NULL,
	"account_id" bigint NOT NULL,
	"day" date NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "swipe_days_pool_account_id_day_pk" PRIMARY KEY("pool","account_id","day")
);
--> statement-breakpoint
DROP INDEX "profiles_search_idx";--> statement-breakpoint
ALTER TABLE "skips" ADD CONSTRAINT "skips_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skips" ADD CONSTRAINT "skips_skipped_id_accounts_id_fk" FOREIGN KEY ("skipped_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swipe_days" ADD CONSTRAINT "swipe_days_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "likes_pool_liker_idx" ON "likes" USING btree ("pool","liker_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profiles_search_region_idx" ON "profiles" USING btree ("pool","country","region","last_active_at" DESC NULLS LAST,"account_id" DESC NULLS LAST) WHERE searchable;--> statement-breakpoint
CREATE INDEX "profiles_search_gender_idx" ON "profiles" USING btree ("pool","gender","last_active_at" DESC NULLS LAST,"account_id" DESC NULLS LAST) WHERE searchable;--> statement-breakpoint
CREATE INDEX "profiles_search_idx" ON "profiles" USING btree ("pool","gender","country","last_active_at" DESC NULLS LAST,"account_id" DESC NULLS LAST) WHERE searchable;