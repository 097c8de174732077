ALTER TABLE "email_templates" ADD COLUMN "subject_es" text;--> statement-breakpoint
ALTER TABLE "email_templates" ADD COLUMN "body_es" text;