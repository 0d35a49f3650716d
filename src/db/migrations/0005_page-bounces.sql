CREATE TABLE "page_bounces" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"path" text NOT NULL,
	"ms_since_load" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "page_bounces_tenant_created_idx" ON "page_bounces" USING btree ("tenant_id","created_at" DESC NULLS LAST);