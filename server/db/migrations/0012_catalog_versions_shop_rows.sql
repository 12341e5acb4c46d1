-- The order path reads a shop's row, its taxes and its member settings from the catalogue cache too
-- (decision K11), so a change to any column of the shop, or to those tables, is a new menu version.
CREATE OR REPLACE FUNCTION "catalog_shop_settings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF ROW(OLD.*) IS DISTINCT FROM ROW(NEW.*) THEN
    PERFORM catalog_bump(NEW.id, true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "catalog_taxes_version" AFTER INSERT OR UPDATE OR DELETE ON "taxes"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_types_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "catalog_member_settings_version" AFTER INSERT OR UPDATE OR DELETE ON "member_settings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_types_changed();
