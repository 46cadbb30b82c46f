CREATE TABLE "activation_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"tracker_id" text,
	"redeemed_by" text,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activation_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "activation_codes_tracker_id_unique" UNIQUE("tracker_id")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "remember_me" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "activation_codes" ADD CONSTRAINT "activation_codes_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activation_codes_redeemed_by_idx" ON "activation_codes" USING btree ("redeemed_by");