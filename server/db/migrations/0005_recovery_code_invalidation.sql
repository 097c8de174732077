-- `GET account/me` answers from the cached session, which carries the count of unused recovery
-- codes, so generating, using or deleting a code must evict the user's cached sessions too.
CREATE OR REPLACE FUNCTION notify_session_invalidation() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    changed := NEW;
  ELSE
    changed := OLD;
  END IF;
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('session_invalidation', changed.id::text);
  ELSE
    PERFORM pg_notify('session_invalidation', changed.user_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER recovery_codes_session_invalidation AFTER INSERT OR UPDATE OR DELETE ON recovery_codes
  FOR EACH ROW EXECUTE FUNCTION notify_session_invalidation();
