CREATE TABLE "emergency_codes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emergency_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "emergency_downloads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"language" text NOT NULL,
	"client" text,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "emergency_downloads_language_check" CHECK ("emergency_downloads"."language" in ('en', 'de'))
);
--> statement-breakpoint
CREATE TABLE "share_links" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"pet_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"include_documents" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_links_secret_hash_unique" UNIQUE("secret_hash"),
	CONSTRAINT "share_links_expiry_check" CHECK ("share_links"."expires_at" > "share_links"."created_at")
);
--> statement-breakpoint
ALTER TABLE "emergency_codes" ADD CONSTRAINT "emergency_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_downloads" ADD CONSTRAINT "emergency_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "emergency_downloads_user_id_idx" ON "emergency_downloads" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "share_links_user_id_idx" ON "share_links" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "share_links_pet_id_idx" ON "share_links" USING btree ("pet_id");