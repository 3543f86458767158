-- Issue 29 sections 2 and 3: allergens and diets per goods and per option, and
-- the goods a restaurant pairs ("goes well with").
--
-- goods_diet: one row per goods, sku (a spec's choice) or add-on (goods_charging);
-- a bundle part is a goods, so its row is the part's own. Exactly one of the
-- three ids is set; each FK cascades, so a goods, sku or add-on removed takes
-- its row with it. No row: nothing stated.
--   allergens  the 14 allergens of EU Regulation 1169/2011 Annex II, one
--              character each in the Annex's order (shared/domain/diet.ts
--              ALLERGENS): '-' not stated, '0' free, '1' may contain, '2' contains
--   vegetarian, vegan, halal   NULL not stated
--   spice      0-3, NULL not stated
-- shop_id: the menu cache's notification names the shop (its own trigger below).
CREATE TABLE goods_diet (
  diet_id    bigserial PRIMARY KEY,
  shop_id    text NOT NULL REFERENCES shop(shop_id),
  goods_id   text REFERENCES goods(goods_id) ON DELETE CASCADE,
  sku_id     text REFERENCES goods_sku(sku_id) ON DELETE CASCADE,
  option_id  text REFERENCES goods_charging(option_id) ON DELETE CASCADE,
  allergens  text NOT NULL DEFAULT '--------------' CHECK (allergens ~ '^[-012]{14}$'),
  vegetarian boolean,
  vegan      boolean,
  halal      boolean,
  spice      smallint CHECK (spice BETWEEN 0 AND 3),
  CHECK (num_nonnulls(goods_id, sku_id, option_id) = 1)
);
CREATE UNIQUE INDEX goods_diet_goods ON goods_diet(goods_id) WHERE goods_id IS NOT NULL;
CREATE UNIQUE INDEX goods_diet_sku ON goods_diet(sku_id) WHERE sku_id IS NOT NULL;
CREATE UNIQUE INDEX goods_diet_option ON goods_diet(option_id) WHERE option_id IS NOT NULL;
CREATE INDEX goods_diet_shop ON goods_diet(shop_id);

-- "Goes well with": offered once after goods_id is added (at most 8, in sort order).
CREATE TABLE goods_pairing (
  goods_id        text NOT NULL REFERENCES goods(goods_id) ON DELETE CASCADE,
  paired_goods_id text NOT NULL REFERENCES goods(goods_id) ON DELETE CASCADE,
  sort            int NOT NULL DEFAULT 0,
  PRIMARY KEY (goods_id, paired_goods_id),
  CHECK (goods_id <> paired_goods_id)
);
CREATE INDEX goods_pairing_paired ON goods_pairing(paired_goods_id);

-- Both are part of the menu's answer (the Diet and Pairs of a goods row): their
-- changes drop that shop's cached answers (011's channel and payloads).
CREATE FUNCTION diet_menu_cache_changed() RETURNS trigger LANGUAGE plpgsql AS '
DECLARE
  shop text;
BEGIN
  IF TG_TABLE_NAME = ''goods_diet'' THEN
    IF TG_OP <> ''INSERT'' THEN PERFORM pg_notify(''hbb_menu'', ''shop:'' || OLD.shop_id); END IF;
    IF TG_OP <> ''DELETE'' THEN PERFORM pg_notify(''hbb_menu'', ''shop:'' || NEW.shop_id); END IF;
  ELSE
    SELECT g.shop_id INTO shop FROM goods g WHERE g.goods_id = (CASE WHEN TG_OP = ''DELETE'' THEN OLD.goods_id ELSE NEW.goods_id END);
    PERFORM pg_notify(''hbb_menu'', COALESCE(''shop:'' || shop, ''all''));
  END IF;
  RETURN NULL;
END';
CREATE TRIGGER goods_diet_menu_cache AFTER INSERT OR UPDATE OR DELETE ON goods_diet FOR EACH ROW EXECUTE FUNCTION diet_menu_cache_changed();
CREATE TRIGGER goods_pairing_menu_cache AFTER INSERT OR UPDATE OR DELETE ON goods_pairing FOR EACH ROW EXECUTE FUNCTION diet_menu_cache_changed();

-- The allergen and pairing editors' own version (their saves name it; 409 when
-- it moved on), apart from the goods editor's `version` (migrations/023), so
-- neither editor's save refuses the other's.
ALTER TABLE goods ADD COLUMN diet_version int NOT NULL DEFAULT 1;

-- The allergens the customer's menu filter avoided when a round was ordered
-- (the order's Allergens, shared/domain/diet.ts names joined by ','; '' none):
-- the kitchen's ticket and screen show an ALLERGY banner for them.
ALTER TABLE sheet_round ADD COLUMN allergens text NOT NULL DEFAULT '';
