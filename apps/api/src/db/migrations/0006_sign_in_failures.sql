CREATE TABLE "sign_in_failures" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL
);
