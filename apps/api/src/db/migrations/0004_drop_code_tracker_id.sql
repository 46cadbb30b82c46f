ALTER TABLE "activation_codes" DROP CONSTRAINT "activation_codes_tracker_id_unique";--> statement-breakpoint
ALTER TABLE "activation_codes" DROP COLUMN "tracker_id";