-- Every change to what roles may open bumps one counter, so each server instance can keep the
-- role codes it has read and still notice, with one cheap read, when any of them changed.
INSERT INTO "app_setting" ("key", "value") VALUES ('permissions_version', '0') ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_permissions_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "app_setting" SET "value" = ("value"::bigint + 1)::text, "updated_at" = now() WHERE "key" = 'permissions_version';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER role_resource_bumps_permissions AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_resource"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_permissions_version();
--> statement-breakpoint
CREATE TRIGGER resource_bumps_permissions AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "resource"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_permissions_version();
