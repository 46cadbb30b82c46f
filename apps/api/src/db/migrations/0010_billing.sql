CREATE TABLE "billing_customers" (
	"user_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"customer_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"partner_id" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_counters_partner_id_year_pk" PRIMARY KEY("partner_id","year")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "orders_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1),
	"user_id" text,
	"partner_id" text NOT NULL,
	"product_id" text NOT NULL,
	"product_name" text NOT NULL,
	"price_id" text NOT NULL,
	"pay_type" text NOT NULL,
	"order_type" text NOT NULL,
	"payment_method" text NOT NULL,
	"payment_method_label" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"plan_cents" integer NOT NULL,
	"tracker_cents" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"proration_credit_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"vat_rate_basis_points" integer NOT NULL,
	"coupon_id" text,
	"coupon_code" text,
	"activation_code" text,
	"provider" text NOT NULL,
	"payment_ref" text,
	"subscription_ref" text,
	"billing_address" jsonb NOT NULL,
	"language" text NOT NULL,
	"failure_code" text,
	"paid_at" timestamp with time zone,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"invoice_year" integer,
	"invoice_sequence" integer,
	"invoice_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pending', 'processing', 'paid', 'failed', 'canceled')),
	CONSTRAINT "orders_order_type_check" CHECK ("orders"."order_type" in ('new', 'upgrade', 'renewal')),
	CONSTRAINT "orders_pay_type_check" CHECK ("orders"."pay_type" in ('monthly', 'yearly')),
	CONSTRAINT "orders_payment_method_check" CHECK ("orders"."payment_method" in ('card', 'sepa')),
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."plan_cents" >= 0 and "orders"."tracker_cents" >= 0 and "orders"."discount_cents" >= 0 and "orders"."proration_credit_cents" >= 0),
	CONSTRAINT "orders_paid_check" CHECK ("orders"."status" <> 'paid' or ("orders"."paid_at" is not null and "orders"."invoice_number" is not null))
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret_hash" text NOT NULL,
	"customer_ref" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'eur' NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"outcome" text,
	"payment_method_label" text,
	"last_error" jsonb,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payment_intents_status_check" CHECK ("sandbox_payment_intents"."status" in ('requires_payment_method', 'requires_action', 'processing', 'succeeded', 'canceled'))
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"customer_ref" text NOT NULL,
	"subscription_ref" text,
	"product_id" text NOT NULL,
	"price_id" text NOT NULL,
	"pay_type" text NOT NULL,
	"payment_method" text NOT NULL,
	"payment_method_label" text,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"term_paid_cents" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_pay_type_check" CHECK ("subscriptions"."pay_type" in ('monthly', 'yearly')),
	CONSTRAINT "subscriptions_payment_method_check" CHECK ("subscriptions"."payment_method" in ('card', 'sepa')),
	CONSTRAINT "subscriptions_period_check" CHECK ("subscriptions"."current_period_end" > "subscriptions"."current_period_start")
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"coupon_id" text NOT NULL,
	"user_id" text NOT NULL,
	"order_id" text NOT NULL,
	"redeemed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"code" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"duration" text NOT NULL,
	"duration_in_months" integer,
	"product_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"max_redemptions" integer,
	"times_redeemed" integer DEFAULT 0 NOT NULL,
	"customer_scope" text DEFAULT 'all' NOT NULL,
	"provider_ref" text,
	"note" text,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_upper_check" CHECK ("coupons"."code" = upper("coupons"."code")),
	CONSTRAINT "coupons_off_check" CHECK (("coupons"."percent_off" is null) <> ("coupons"."amount_off_cents" is null) and ("coupons"."percent_off" is null or "coupons"."percent_off" between 1 and 100) and ("coupons"."amount_off_cents" is null or "coupons"."amount_off_cents" > 0)),
	CONSTRAINT "coupons_duration_check" CHECK ("coupons"."duration" in ('once', 'forever') and "coupons"."duration_in_months" is null or "coupons"."duration" = 'repeating' and "coupons"."duration_in_months" > 0),
	CONSTRAINT "coupons_scope_check" CHECK ("coupons"."customer_scope" in ('new', 'existing', 'all')),
	CONSTRAINT "coupons_redemptions_check" CHECK ("coupons"."times_redeemed" >= 0 and ("coupons"."max_redemptions" is null or "coupons"."times_redeemed" <= "coupons"."max_redemptions"))
);
--> statement-breakpoint
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_customers_ref_uq" ON "billing_customers" USING btree ("provider","customer_ref");--> statement-breakpoint
CREATE INDEX "orders_user_id_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payment_ref_uq" ON "orders" USING btree ("provider","payment_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_uq" ON "orders" USING btree ("partner_id","invoice_year","invoice_sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_uq" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_open_per_user_uq" ON "orders" USING btree ("user_id") WHERE "orders"."status" in ('pending', 'processing');--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_customer_ref_uq" ON "subscriptions" USING btree ("provider","customer_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_coupon_user_uq" ON "coupon_redemptions" USING btree ("coupon_id","user_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_user_id_idx" ON "coupon_redemptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_partner_code_uq" ON "coupons" USING btree ("partner_id","code");