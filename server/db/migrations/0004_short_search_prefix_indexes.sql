-- Trigram indexes serve searches of three characters or more. A one- or two-character search
-- of the users table matches the start of the e-mail (search_text begins with it), the first
-- name or the last name instead (server/http/table.ts `prefixColumns`), through these btree
-- indexes, so it never reads the whole table.
CREATE INDEX IF NOT EXISTS users_search_prefix_idx ON users (search_text text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_first_name_prefix_idx ON users (lower(first_name) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_last_name_prefix_idx ON users (lower(last_name) text_pattern_ops);
