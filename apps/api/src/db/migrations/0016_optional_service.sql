ALTER TABLE "orders" ADD COLUMN "optional_service_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "optional_service_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_optional_service_check" CHECK ("orders"."optional_service_cents" >= 0 and ("orders"."optional_service_cents" = 0) = ("orders"."optional_service_name" is null));