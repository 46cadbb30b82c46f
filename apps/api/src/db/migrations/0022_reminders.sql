CREATE TABLE "dose_reminder_times" (
	"pet_id" text NOT NULL,
	"slot" text NOT NULL,
	"time" text NOT NULL,
	"time_zone" text NOT NULL,
	CONSTRAINT "dose_reminder_times_pet_id_slot_pk" PRIMARY KEY("pet_id","slot"),
	CONSTRAINT "dose_reminder_times_slot_check" CHECK ("dose_reminder_times"."slot" in ('mornings', 'noons', 'evenings'))
);
--> statement-breakpoint
CREATE TABLE "reminder_deliveries" (
	"reminder" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"user_id" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reminder_deliveries_reminder_due_at_user_id_pk" PRIMARY KEY("reminder","due_at","user_id")
);
--> statement-breakpoint
CREATE TABLE "reminder_opt_ins" (
	"pet_id" text NOT NULL,
	"user_id" text NOT NULL,
	"time_zone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_opt_ins_pet_id_user_id_pk" PRIMARY KEY("pet_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "dose_reminder_times" ADD CONSTRAINT "dose_reminder_times_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_opt_ins" ADD CONSTRAINT "reminder_opt_ins_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_opt_ins" ADD CONSTRAINT "reminder_opt_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_deliveries_claimed_idx" ON "reminder_deliveries" USING btree ("claimed_at");--> statement-breakpoint
CREATE INDEX "reminder_opt_ins_user_idx" ON "reminder_opt_ins" USING btree ("user_id");