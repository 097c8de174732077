CREATE TABLE "file_store_owner" (
	"single" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"database_id" text NOT NULL,
	"token" text NOT NULL
);
