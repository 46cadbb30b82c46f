CREATE TABLE "appointments" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"pet_id" text NOT NULL,
	"appointment_type" text NOT NULL,
	"reason" text NOT NULL,
	"appointment_date" date NOT NULL,
	"appointment_time" time NOT NULL,
	"appointment_at" timestamp with time zone NOT NULL,
	"vet_name" text,
	"address" text,
	"zip" text,
	"city" text,
	"country" text,
	"phone" text,
	"email" text,
	"medication" text,
	"comments" text,
	"vaccination_type" text,
	"reminder_date" date,
	"reminder_time" time,
	"reminder_at" timestamp with time zone,
	"reminder_time_zone" text NOT NULL,
	"job_id" text,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_type_check" CHECK ("appointments"."appointment_type" in ('Examination', 'Vaccination', 'Operation', 'Deworming')),
	CONSTRAINT "appointments_reminder_check" CHECK (("appointments"."reminder_date" is null) = ("appointments"."reminder_time" is null) and ("appointments"."reminder_date" is null) = ("appointments"."reminder_at" is null))
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"pet_id" text,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "pet_weights" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pet_weights_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pet_id" text NOT NULL,
	"weight" numeric(8, 3) NOT NULL,
	"date" date NOT NULL,
	CONSTRAINT "pet_weights_weight_check" CHECK ("pet_weights"."weight" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pets" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"pet_type" text NOT NULL,
	"gender" text,
	"race" text,
	"date_of_birth" date,
	"size_cm" integer,
	"color" text,
	"features" text,
	"labeling" text,
	"ancestry" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pets_pet_type_check" CHECK ("pets"."pet_type" in ('Dog', 'Cat', 'Other')),
	CONSTRAINT "pets_gender_check" CHECK ("pets"."gender" is null or "pets"."gender" in ('male', 'female')),
	CONSTRAINT "pets_size_check" CHECK ("pets"."size_cm" is null or "pets"."size_cm" between 10 and 100)
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_weights" ADD CONSTRAINT "pet_weights_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_user_id_idx" ON "appointments" USING btree ("user_id","appointment_at");--> statement-breakpoint
CREATE INDEX "appointments_pet_id_idx" ON "appointments" USING btree ("pet_id","appointment_at");--> statement-breakpoint
CREATE INDEX "stored_files_user_id_idx" ON "stored_files" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "stored_files_pet_id_idx" ON "stored_files" USING btree ("pet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_pet_image_uq" ON "stored_files" USING btree ("pet_id") WHERE "stored_files"."kind" = 'pet-image';--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_user_image_uq" ON "stored_files" USING btree ("user_id") WHERE "stored_files"."kind" = 'user-image';--> statement-breakpoint
CREATE INDEX "pet_weights_pet_id_idx" ON "pet_weights" USING btree ("pet_id","date");--> statement-breakpoint
CREATE INDEX "pets_user_id_idx" ON "pets" USING btree ("user_id","created_at");