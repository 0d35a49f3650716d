CREATE TABLE "accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pool" text NOT NULL,
	"tenant_id" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"status" text DEFAULT 'not_confirmed' NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"language" text DEFAULT 'nl' NOT NULL,
	"paid_user" boolean DEFAULT false NOT NULL,
	"fictional" boolean DEFAULT false NOT NULL,
	"invisible" boolean DEFAULT false NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"blocked_until" timestamp with time zone,
	"tracking_network" text,
	"tracking_ref" text,
	"tracking_sub1" text,
	"tracking_sub2" text,
	"tracking_sub3" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"last_login_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "app_config" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blocks" (
	"pool" text NOT NULL,
	"blocker_id" bigint NOT NULL,
	"blocked_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_pool_blocker_id_blocked_id_pk" PRIMARY KEY("pool","blocker_id","blocked_id")
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pool" text NOT NULL,
	"tenant_id" text NOT NULL,
	"account_id" bigint,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"profile_url" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_members" (
	"pool" text NOT NULL,
	"conversation_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"last_read_message_id" bigint,
	"hidden_at" timestamp with time zone,
	CONSTRAINT "conversation_members_conversation_id_account_id_pk" PRIMARY KEY("conversation_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pool" text NOT NULL,
	"member_a" bigint NOT NULL,
	"member_b" bigint NOT NULL,
	"started_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pool" text NOT NULL,
	"account_id" bigint NOT NULL,
	"delta" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_mails" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"headers" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pool" text NOT NULL,
	"code" text NOT NULL,
	"country" text,
	"account_id" bigint,
	"expires_at" timestamp with time zone,
	"value_percentage" integer NOT NULL,
	"currency" text,
	"minimum_order_value_cents" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"payment_methods" text[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 8 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "likes" (
	"pool" text NOT NULL,
	"liker_id" bigint NOT NULL,
	"liked_id" bigint NOT NULL,
	"is_new" boolean DEFAULT true NOT NULL,
	"source" text DEFAULT 'profile' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "likes_pool_liker_id_liked_id_pk" PRIMARY KEY("pool","liker_id","liked_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pool" text NOT NULL,
	"conversation_id" bigint NOT NULL,
	"sender_id" bigint NOT NULL,
	"client_id" text NOT NULL,
	"kind" text NOT NULL,
	"body" text,
	"photo_id" bigint,
	"gift_id" text,
	"gif_id" text,
	"credits" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"pool" text NOT NULL,
	"email_messages" boolean DEFAULT true NOT NULL,
	"email_likes" boolean DEFAULT true NOT NULL,
	"email_matches" boolean DEFAULT true NOT NULL,
	"email_newsletter" boolean DEFAULT true NOT NULL,
	"push" boolean DEFAULT true NOT NULL,
	"disabled_reasons" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"pool" text NOT NULL,
	"account_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pool" text NOT NULL,
	"tenant_id" text NOT NULL,
	"account_id" bigint NOT NULL,
	"bundle_id" text NOT NULL,
	"credits" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"discount_code_id" bigint,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pool" text NOT NULL,
	"order_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pool" text NOT NULL,
	"account_id" bigint NOT NULL,
	"filename" text NOT NULL,
	"thumb_filename" text NOT NULL,
	"blurred_filename" text NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"pool" text NOT NULL,
	"name" text NOT NULL,
	"gender" text NOT NULL,
	"sexuality" text NOT NULL,
	"seeking" text DEFAULT 'any' NOT NULL,
	"birth_date" date NOT NULL,
	"country" text NOT NULL,
	"region" text,
	"city" text,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"hair_colour" text,
	"eye_colour" text,
	"body_type" text,
	"relationship_status" text,
	"tattoos" text,
	"interests" text[] DEFAULT '{}'::text[] NOT NULL,
	"about" text,
	"looking_for" text,
	"main_photo_id" bigint,
	"searchable" boolean DEFAULT true NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pool" text NOT NULL,
	"account_id" bigint NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"pool" text NOT NULL,
	"tenant_id" text NOT NULL,
	"account_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_accounts_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_accounts_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_member_a_accounts_id_fk" FOREIGN KEY ("member_a") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_member_b_accounts_id_fk" FOREIGN KEY ("member_b") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_liker_id_accounts_id_fk" FOREIGN KEY ("liker_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_liked_id_accounts_id_fk" FOREIGN KEY ("liked_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_accounts_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_pool_email_key" ON "accounts" USING btree ("pool",lower("email"));--> statement-breakpoint
CREATE INDEX "accounts_pool_status_idx" ON "accounts" USING btree ("pool","status");--> statement-breakpoint
CREATE INDEX "blocks_pool_blocked_idx" ON "blocks" USING btree ("pool","blocked_id");--> statement-breakpoint
CREATE INDEX "complaints_pool_created_idx" ON "complaints" USING btree ("pool","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversation_members_pool_account_idx" ON "conversation_members" USING btree ("pool","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_pool_pair_key" ON "conversations" USING btree ("pool","member_a","member_b");--> statement-breakpoint
CREATE INDEX "credit_ledger_pool_account_idx" ON "credit_ledger" USING btree ("pool","account_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "dev_mails_to_idx" ON "dev_mails" USING btree ("to_address","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_pool_code_account_key" ON "discount_codes" USING btree ("pool","code","account_id");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE done_at is null;--> statement-breakpoint
CREATE INDEX "likes_pool_liked_idx" ON "likes" USING btree ("pool","liked_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "messages_sender_client_key" ON "messages" USING btree ("sender_id","client_id");--> statement-breakpoint
CREATE INDEX "messages_pool_conversation_idx" ON "messages" USING btree ("pool","conversation_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "one_time_tokens_pool_account_idx" ON "one_time_tokens" USING btree ("pool","account_id","purpose");--> statement-breakpoint
CREATE INDEX "orders_pool_account_idx" ON "orders" USING btree ("pool","account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_key" ON "payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "payments_pool_order_idx" ON "payments" USING btree ("pool","order_id");--> statement-breakpoint
CREATE INDEX "photos_pool_account_idx" ON "photos" USING btree ("pool","account_id");--> statement-breakpoint
CREATE INDEX "photos_pool_status_idx" ON "photos" USING btree ("pool","status");--> statement-breakpoint
CREATE INDEX "profiles_search_idx" ON "profiles" USING btree ("pool","gender","country","last_active_at" DESC NULLS LAST,"account_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profiles_pool_active_idx" ON "profiles" USING btree ("pool","last_active_at" DESC NULLS LAST,"account_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profiles_pool_birth_idx" ON "profiles" USING btree ("pool","birth_date");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_pool_account_idx" ON "push_subscriptions" USING btree ("pool","account_id");--> statement-breakpoint
CREATE INDEX "sessions_pool_account_idx" ON "sessions" USING btree ("pool","account_id");