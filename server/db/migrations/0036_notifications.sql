-- Issue 49, section 3: notifications, each user's channels per category, and one digest sweep per slot.
CREATE TABLE "notification_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"channels" jsonb NOT NULL,
	"digest_time" text NOT NULL,
	"time_zone" text NOT NULL,
	"next_digest_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"category" text NOT NULL,
	"message_key" text NOT NULL,
	"params" jsonb NOT NULL,
	"link" text,
	"in_app" boolean NOT NULL,
	"email" boolean NOT NULL,
	"digest" boolean NOT NULL,
	"read_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"digested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_settings_digest_idx" ON "notification_settings" USING btree ("next_digest_at");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE read_at is null and in_app;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_digest_slot_idx" ON "jobs" USING btree (("payload"->>'slot')) WHERE type = 'notifications.digest';