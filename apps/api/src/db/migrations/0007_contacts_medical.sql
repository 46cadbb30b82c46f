CREATE TABLE "contacts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"pet_id" text NOT NULL,
	"title" text,
	"name" text NOT NULL,
	"address" text,
	"zip" text,
	"city" text,
	"country" text,
	"phone" text NOT NULL,
	"email" text,
	"contact_type" text NOT NULL,
	"doctor_since" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medical_records" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"pet_id" text NOT NULL,
	"medical_type" text NOT NULL,
	"name" text NOT NULL,
	"date" date,
	"known_since" date,
	"still_acute" boolean,
	"executing_person" text,
	"executing_organization" text,
	"comments" text,
	"surgery_type" text,
	"manufacturer" text,
	"prescription" boolean,
	"in_use" boolean,
	"taking_schedule" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"reason" text,
	"dosage" text,
	"pharma_central_number" text,
	"taking_from" date,
	"taking_to" date,
	"batch_number" text,
	"next_due_date" date,
	"reminder_days_before" integer,
	"reminder_time_zone" text,
	"reminder_at" timestamp with time zone,
	"job_id" text,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medical_records_type_check" CHECK ("medical_records"."medical_type" in ('allergy', 'disease', 'intervention', 'medication', 'vaccination', 'deworming')),
	CONSTRAINT "medical_records_surgery_type_check" CHECK ("medical_records"."surgery_type" is null or "medical_records"."surgery_type" in ('Surgery', 'Implant')),
	CONSTRAINT "medical_records_reminder_check" CHECK (("medical_records"."reminder_at" is null) or ("medical_records"."next_due_date" is not null and "medical_records"."reminder_time_zone" is not null))
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_records" ADD CONSTRAINT "medical_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_records" ADD CONSTRAINT "medical_records_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_user_id_idx" ON "contacts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "contacts_pet_id_idx" ON "contacts" USING btree ("pet_id","contact_type");--> statement-breakpoint
CREATE INDEX "medical_records_user_id_idx" ON "medical_records" USING btree ("user_id","next_due_date");--> statement-breakpoint
CREATE INDEX "medical_records_pet_id_idx" ON "medical_records" USING btree ("pet_id","medical_type");