CREATE TABLE "dose_checks" (
	"id" text PRIMARY KEY NOT NULL,
	"medication_id" text NOT NULL,
	"pet_id" text NOT NULL,
	"day" date NOT NULL,
	"slot" text NOT NULL,
	"given_by" text,
	"given_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dose_checks_slot_check" CHECK ("dose_checks"."slot" in ('mornings', 'noons', 'evenings'))
);
--> statement-breakpoint
ALTER TABLE "dose_checks" ADD CONSTRAINT "dose_checks_medication_id_medical_records_id_fk" FOREIGN KEY ("medication_id") REFERENCES "public"."medical_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dose_checks" ADD CONSTRAINT "dose_checks_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dose_checks" ADD CONSTRAINT "dose_checks_given_by_users_id_fk" FOREIGN KEY ("given_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dose_checks_dose_idx" ON "dose_checks" USING btree ("medication_id","day","slot");--> statement-breakpoint
CREATE INDEX "dose_checks_pet_day_idx" ON "dose_checks" USING btree ("pet_id","day");