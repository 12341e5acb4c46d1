CREATE TABLE "catalog_versions" (
	"shop_id" integer PRIMARY KEY NOT NULL,
	"menu" bigint DEFAULT (extract(epoch from clock_timestamp()) * 1000)::bigint NOT NULL,
	"stock" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Catalogue versions (docs/decisions.md K1-K3). The triggers are deferred constraint triggers: they run at
-- commit, so an order that takes stock holds the shop's version row only for its commit, not for the rest
-- of its transaction. A transaction bumps each shop and kind at most once (a transaction-local setting).
CREATE FUNCTION "catalog_bump"(p_shop integer, p_menu boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  mark text := 'catalog_bump.s' || p_shop || CASE WHEN p_menu THEN 'm' ELSE 's' END;
BEGIN
  IF p_shop IS NULL OR coalesce(current_setting(mark, true), '') = '1' THEN
    RETURN;
  END IF;
  PERFORM set_config(mark, '1', true);
  INSERT INTO "catalog_versions" AS v ("shop_id") VALUES (p_shop)
  ON CONFLICT ("shop_id") DO UPDATE
    SET "menu" = v."menu" + CASE WHEN p_menu THEN 1 ELSE 0 END,
        "stock" = v."stock" + CASE WHEN p_menu THEN 0 ELSE 1 END;
END $$;
--> statement-breakpoint
CREATE FUNCTION "catalog_products_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM catalog_bump(NEW.shop_id, true);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM catalog_bump(OLD.shop_id, true);
  ELSIF NEW.shop_id IS DISTINCT FROM OLD.shop_id
     OR (to_jsonb(OLD) - 'stock' - 'sales' - 'updated_at') IS DISTINCT FROM
        (to_jsonb(NEW) - 'stock' - 'sales' - 'updated_at') THEN
    PERFORM catalog_bump(OLD.shop_id, true);
    PERFORM catalog_bump(NEW.shop_id, true);
  ELSIF OLD.stock IS DISTINCT FROM NEW.stock OR OLD.sales IS DISTINCT FROM NEW.sales THEN
    PERFORM catalog_bump(NEW.shop_id, false);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "catalog_specs_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  menu_change boolean := TG_OP <> 'UPDATE'
    OR (to_jsonb(OLD) - 'stock') IS DISTINCT FROM (to_jsonb(NEW) - 'stock');
BEGIN
  IF NOT menu_change AND OLD.stock IS NOT DISTINCT FROM NEW.stock THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM catalog_bump((SELECT shop_id FROM products WHERE id = OLD.product_id), menu_change);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM catalog_bump((SELECT shop_id FROM products WHERE id = NEW.product_id), menu_change);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "catalog_types_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM catalog_bump(OLD.shop_id, true);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM catalog_bump(NEW.shop_id, true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "catalog_shop_settings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.settings IS DISTINCT FROM NEW.settings THEN
    PERFORM catalog_bump(NEW.id, true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "catalog_products_version" AFTER INSERT OR UPDATE OR DELETE ON "products"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_products_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "catalog_specs_version" AFTER INSERT OR UPDATE OR DELETE ON "product_specs"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_specs_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "catalog_types_version" AFTER INSERT OR UPDATE OR DELETE ON "product_types"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_types_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "catalog_shop_settings_version" AFTER UPDATE ON "shops"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_shop_settings_changed();
--> statement-breakpoint
INSERT INTO "catalog_versions" ("shop_id") SELECT "id" FROM "shops" ON CONFLICT DO NOTHING;
