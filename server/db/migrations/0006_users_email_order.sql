-- The accounts table's default order: a search matching many users ("jo", "son") reads its
-- first page along this index instead of sorting every match.
CREATE INDEX "users_email_idx" ON "users" USING btree ("email");
--> statement-breakpoint
-- With the default statistics the planner guesses a rare term ("smithson", 0.5% of 100,000
-- accounts) at 1% and walks the email index past thousands of rows instead of asking the
-- trigram index; a finer histogram of the search text lets it tell rare terms from common ones.
ALTER TABLE "users" ALTER COLUMN "search_text" SET STATISTICS 1000;
