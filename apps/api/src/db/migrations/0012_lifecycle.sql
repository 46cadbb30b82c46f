ALTER TABLE "activation_code_batches" DROP CONSTRAINT "activation_code_batches_months_check";--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancel_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "downgrade_product_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "downgrade_price_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "downgrade_pay_type" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "payment_method_ref" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "term_job_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_plans" ADD COLUMN "gift_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_plans" ADD COLUMN "gift_job_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_downgrade_product_id_products_id_fk" FOREIGN KEY ("downgrade_product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('active', 'past_due', 'ended'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_downgrade_check" CHECK (("subscriptions"."downgrade_product_id" is null) = ("subscriptions"."downgrade_price_id" is null) and ("subscriptions"."downgrade_price_id" is null) = ("subscriptions"."downgrade_pay_type" is null));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_ended_check" CHECK (("subscriptions"."status" = 'ended') = ("subscriptions"."ended_at" is not null));--> statement-breakpoint
ALTER TABLE "activation_code_batches" ADD CONSTRAINT "activation_code_batches_months_check" CHECK (("activation_code_batches"."type" <> 'trial' or "activation_code_batches"."months" is not null) and ("activation_code_batches"."type" in ('trial', 'gift') or "activation_code_batches"."months" is null) and ("activation_code_batches"."months" is null or "activation_code_batches"."months" between 1 and 120));--> statement-breakpoint
ALTER TABLE "user_plans" ADD CONSTRAINT "user_plans_gift_check" CHECK ("user_plans"."gift_ends_at" is null or "user_plans"."is_gift");