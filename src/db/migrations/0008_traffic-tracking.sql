CREATE TABLE "traffic_conversions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint,
	"pool" text NOT NULL,
	"tenant_id" text NOT NULL,
	"kind" text NOT NULL,
	"network" text,
	"ref" text,
	"sub1" text,
	"sub2" text,
	"sub3" text,
	"clickid" text,
	"landing" text,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"currency" text,
	"postback_status" text DEFAULT 'pending' NOT NULL,
	"postback_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traffic_visits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"network" text,
	"ref" text,
	"sub1" text,
	"sub2" text,
	"sub3" text,
	"landing" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "tracking_clickid" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "tracking_landing" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "tracking_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "traffic_conversions" ADD CONSTRAINT "traffic_conversions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_conversions_account_kind_key" ON "traffic_conversions" USING btree ("account_id","kind");--> statement-breakpoint
CREATE INDEX "traffic_conversions_tenant_created_idx" ON "traffic_conversions" USING btree ("tenant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "traffic_visits_tenant_created_idx" ON "traffic_visits" USING btree ("tenant_id","created_at" DESC NULLS LAST);