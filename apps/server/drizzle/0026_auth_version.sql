-- Every change to what a session lookup reads (the session's end or role, the account, the
-- user's roles and their hierarchy) sets a new auth version in the same transaction, so each
-- server instance can keep the sessions it has looked up and still notice, with one cheap read
-- per call, that any of them changed — on every instance, at the commit. The value is random,
-- not a counter, so a version is never seen twice (not even after a rolled-back transaction).
INSERT INTO "app_setting" ("key", "value") VALUES ('auth_version', gen_random_uuid()::text) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_auth_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "app_setting" SET "value" = gen_random_uuid()::text, "updated_at" = now() WHERE "key" = 'auth_version';
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A session's own activity touch (last_seen_at moving forward, once a minute) changes nothing a
-- kept lookup relies on; anything else done to a session row does.
CREATE TRIGGER session_bumps_auth AFTER UPDATE ON "session" FOR EACH ROW
  WHEN (OLD."revoked_at" IS DISTINCT FROM NEW."revoked_at"
    OR OLD."user_role_id" IS DISTINCT FROM NEW."user_role_id"
    OR OLD."user_id" IS DISTINCT FROM NEW."user_id"
    OR OLD."expires_at" IS DISTINCT FROM NEW."expires_at"
    OR NEW."last_seen_at" < OLD."last_seen_at")
  EXECUTE FUNCTION bump_auth_version();
--> statement-breakpoint
-- A delete that removed no session (a logout with an unknown cookie, a purge with nothing to
-- purge) changes nothing kept.
CREATE OR REPLACE FUNCTION bump_auth_version_if_any_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM gone) THEN
    UPDATE "app_setting" SET "value" = gen_random_uuid()::text, "updated_at" = now() WHERE "key" = 'auth_version';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER session_delete_bumps_auth AFTER DELETE ON "session" REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_version_if_any_gone();
--> statement-breakpoint
CREATE TRIGGER session_truncate_bumps_auth AFTER TRUNCATE ON "session"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_version();
--> statement-breakpoint
CREATE TRIGGER user_account_bumps_auth AFTER UPDATE OR DELETE OR TRUNCATE ON "user_account"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_version();
--> statement-breakpoint
CREATE TRIGGER user_role_bumps_auth AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_role"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_version();
--> statement-breakpoint
CREATE TRIGGER hier_content_role_bumps_auth AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "hier_content_role"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_version();
--> statement-breakpoint
CREATE TRIGGER role_bumps_auth AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_version();
--> statement-breakpoint
CREATE TRIGGER hier_bumps_auth AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "hier"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_version();
--> statement-breakpoint
CREATE TRIGGER hier_content_bumps_auth AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "hier_content"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_version();
--> statement-breakpoint
-- Each new auth or permissions version is also announced: an instance whose database notifies it
-- before the writing call returns (embedded PGlite) counts them instead of reading them per call.
CREATE OR REPLACE FUNCTION notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('zb_auth', NEW."key");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER app_setting_notifies_auth AFTER UPDATE ON "app_setting" FOR EACH ROW
  WHEN (NEW."key" IN ('auth_version', 'permissions_version'))
  EXECUTE FUNCTION notify_auth_change();
