CREATE TABLE "servers" (
	"id" text PRIMARY KEY NOT NULL,
	"local_files" boolean NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "run_on" text;