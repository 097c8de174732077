-- Server processes keep validated sessions in memory. Any change to a user or a session, made by
-- any process or by hand in SQL, tells every process (LISTEN session_invalidation) to drop that
-- user's cached sessions, so revocation, locks and role changes take effect everywhere at once.
CREATE OR REPLACE FUNCTION notify_session_invalidation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('session_invalidation', OLD.id::text);
  ELSE
    PERFORM pg_notify('session_invalidation', OLD.user_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_session_invalidation AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_session_invalidation();
--> statement-breakpoint
CREATE TRIGGER sessions_session_invalidation AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_invalidation();
