CREATE TABLE "activation_code_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"product_id" text NOT NULL,
	"type" text NOT NULL,
	"months" integer,
	"valid_from" date,
	"valid_to" date,
	"revoked_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activation_code_batches_type_check" CHECK ("activation_code_batches"."type" in ('standard', 'promo', 'gift', 'trial')),
	CONSTRAINT "activation_code_batches_months_check" CHECK (("activation_code_batches"."type" = 'trial') = ("activation_code_batches"."months" is not null) and ("activation_code_batches"."months" is null or "activation_code_batches"."months" between 1 and 120)),
	CONSTRAINT "activation_code_batches_window_check" CHECK ("activation_code_batches"."valid_from" is null or "activation_code_batches"."valid_to" is null or "activation_code_batches"."valid_from" <= "activation_code_batches"."valid_to")
);
--> statement-breakpoint
CREATE TABLE "user_plans" (
	"user_id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"product_associated" boolean DEFAULT false NOT NULL,
	"is_promo" boolean DEFAULT false NOT NULL,
	"is_gift" boolean DEFAULT false NOT NULL,
	"is_trial" boolean DEFAULT false NOT NULL,
	"trial_months" integer,
	"trial_ends_at" timestamp with time zone,
	"activation_code_type" text,
	"activation_code_id" text,
	"trial_job_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_plans_code_type_check" CHECK ("user_plans"."activation_code_type" is null or "user_plans"."activation_code_type" in ('standard', 'promo', 'gift', 'trial')),
	CONSTRAINT "user_plans_trial_check" CHECK (not "user_plans"."is_trial" or "user_plans"."trial_ends_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"sequence" integer NOT NULL,
	"monthly_price" numeric(10, 2) DEFAULT 0 NOT NULL,
	"yearly_price" numeric(10, 2) DEFAULT 0 NOT NULL,
	"monthly_price_id" text,
	"yearly_price_id" text,
	"stripe_id" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"pets_limit" integer NOT NULL,
	"documents_limit" integer NOT NULL,
	"gps_tracking" boolean DEFAULT false NOT NULL,
	"medical" boolean DEFAULT false NOT NULL,
	"appointments" boolean DEFAULT false NOT NULL,
	"emergency_file" boolean DEFAULT false NOT NULL,
	"duration" integer,
	"internal_note" text,
	"tracker_price" numeric(10, 2),
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_values_check" CHECK ("products"."sequence" >= 0 and "products"."pets_limit" >= 0 and "products"."documents_limit" >= 0 and "products"."monthly_price" >= 0 and "products"."yearly_price" >= 0 and ("products"."duration" is null or "products"."duration" > 0))
);
--> statement-breakpoint
CREATE TABLE "gps_trackers" (
	"tracker_id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"user_id" text,
	"registered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gps_trackers_tracker_id_upper_check" CHECK ("gps_trackers"."tracker_id" = upper("gps_trackers"."tracker_id"))
);
--> statement-breakpoint
ALTER TABLE "activation_codes" ADD COLUMN "batch_id" text;--> statement-breakpoint
ALTER TABLE "activation_code_batches" ADD CONSTRAINT "activation_code_batches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_plans" ADD CONSTRAINT "user_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_plans" ADD CONSTRAINT "user_plans_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_plans" ADD CONSTRAINT "user_plans_activation_code_id_activation_codes_id_fk" FOREIGN KEY ("activation_code_id") REFERENCES "public"."activation_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_trackers" ADD CONSTRAINT "gps_trackers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activation_code_batches_product_id_idx" ON "activation_code_batches" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "user_plans_product_id_idx" ON "user_plans" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_partner_key_uq" ON "products" USING btree ("partner_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "products_partner_default_uq" ON "products" USING btree ("partner_id") WHERE "products"."is_default";--> statement-breakpoint
CREATE INDEX "products_partner_sequence_idx" ON "products" USING btree ("partner_id","sequence");--> statement-breakpoint
CREATE INDEX "gps_trackers_user_id_idx" ON "gps_trackers" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "activation_codes" ADD CONSTRAINT "activation_codes_batch_id_activation_code_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."activation_code_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activation_codes_batch_id_idx" ON "activation_codes" USING btree ("batch_id");--> statement-breakpoint
ALTER TABLE "activation_codes" ADD CONSTRAINT "activation_codes_code_upper_check" CHECK ("activation_codes"."code" = upper("activation_codes"."code"));