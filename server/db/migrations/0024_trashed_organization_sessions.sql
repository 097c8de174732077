-- A session of a trashed organization's user reaches nothing of it (server/auth/sessions.ts), and
-- processes keep sessions in memory: moving an organization to the trash or back must drop its
-- users' cached sessions everywhere at once, as a change to the users themselves does.
CREATE OR REPLACE FUNCTION notify_organization_session_invalidation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_invalidation', users.id::text) FROM users WHERE users.organization_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER organizations_session_invalidation AFTER UPDATE OF deleted_at ON organizations
  FOR EACH ROW WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION notify_organization_session_invalidation();
