ALTER TABLE "organizations" ADD COLUMN "review_text_changes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "merchandise" ADD COLUMN "pending_changes" jsonb;