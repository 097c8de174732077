-- Issue 32: migration 0006 raised the search text's statistics to 1000 so the planner would tell
-- a rare term from a common one. ANALYZE then samples 300,000 rows of every column of users, not
-- 30,000: on PGlite that is 41 MiB more of its WebAssembly memory touched at 100,000 accounts,
-- never given back (the embedded server's idle RSS). Today's search reads the same plans with
-- the default on both drivers, PostgreSQL 15 and PGlite (trigram index for "smithson", the email
-- index for "jo"; bench/README.md, "PGlite idle RSS").
ALTER TABLE "users" ALTER COLUMN "search_text" SET STATISTICS -1;
