CREATE TABLE "operator_claims" (
	"conversation_id" bigint PRIMARY KEY NOT NULL,
	"pool" text NOT NULL,
	"staff_id" bigint NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_notes" (
	"pool" text NOT NULL,
	"fictional_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"note" text NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_notes_fictional_id_member_id_pk" PRIMARY KEY("fictional_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "operator_claims" ADD CONSTRAINT "operator_claims_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_claims" ADD CONSTRAINT "operator_claims_staff_id_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_notes" ADD CONSTRAINT "operator_notes_fictional_id_accounts_id_fk" FOREIGN KEY ("fictional_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_notes" ADD CONSTRAINT "operator_notes_member_id_accounts_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_notes" ADD CONSTRAINT "operator_notes_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_claims_staff_idx" ON "operator_claims" USING btree ("staff_id");