CREATE TABLE "documents" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"pet_id" text NOT NULL,
	"document_type" text NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_type_check" CHECK ("documents"."document_type" in ('Certificate of Descent', 'EU Pet Passport', 'Insurance', 'Dog Tax', 'Bills', 'Others', 'Prescriptions', 'Laboratory Findings', 'X-rays', 'Ultrasound Images', 'Diagnoses', 'Photos', 'Other Findings'))
);
--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "document_id" text;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "position" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_user_id_idx" ON "documents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "documents_pet_id_idx" ON "documents" USING btree ("pet_id","created_at");--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_files_document_id_idx" ON "stored_files" USING btree ("document_id","position");--> statement-breakpoint
CREATE INDEX "stored_files_unattached_idx" ON "stored_files" USING btree ("created_at") WHERE "stored_files"."kind" = 'document' and "stored_files"."document_id" is null;