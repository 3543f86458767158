-- Menu reads (operations/menu.ts): a change stamp for the stock poll and
-- indexes for the shop's menu, its sold-out goods, promotions and outlets.
--
-- goods.updated_at is the last time the goods or one of its skus changed. A
-- writer may set it explicitly (to the service's clock); otherwise the
-- triggers below stamp it with the database's now(). HBBPos_ShopGoodsBaseGet_Get
-- answers max(updated_at) of the shop so pollers can tell whether anything
-- changed. (Function bodies are single-quoted: the migration splitter knows
-- quotes, not dollar quoting.)

ALTER TABLE goods ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

CREATE FUNCTION goods_touch() RETURNS trigger LANGUAGE plpgsql AS '
BEGIN
  IF NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END';
CREATE TRIGGER goods_touch BEFORE UPDATE ON goods FOR EACH ROW EXECUTE FUNCTION goods_touch();

-- A sku's change (sold out, price, added or removed) is a change of its goods.
CREATE FUNCTION goods_sku_touch_new() RETURNS trigger LANGUAGE plpgsql AS '
BEGIN
  UPDATE goods SET updated_at = now() WHERE goods_id = NEW.goods_id;
  RETURN NULL;
END';
CREATE TRIGGER goods_sku_touch_new AFTER INSERT OR UPDATE ON goods_sku FOR EACH ROW EXECUTE FUNCTION goods_sku_touch_new();

CREATE FUNCTION goods_sku_touch_old() RETURNS trigger LANGUAGE plpgsql AS '
BEGIN
  UPDATE goods SET updated_at = now() WHERE goods_id = OLD.goods_id;
  RETURN NULL;
END';
CREATE TRIGGER goods_sku_touch_old AFTER DELETE ON goods_sku FOR EACH ROW EXECUTE FUNCTION goods_sku_touch_old();

-- The stock poll: max(updated_at) per shop from the index, sold-out rows from small partial indexes.
CREATE INDEX goods_shop_updated ON goods(shop_id, updated_at);
CREATE INDEX goods_shop_sold_out ON goods(shop_id) WHERE sold_out;
CREATE INDEX goods_sku_sold_out ON goods_sku(goods_id) WHERE sold_out;

-- The home page's goods.
CREATE INDEX goods_shop_home ON goods(shop_id) WHERE is_home;

-- Promotions of a shop still running; promotion rows of a goods.
CREATE INDEX promote_plan_shop ON promote_plan(shop_id, end_at);
CREATE INDEX promote_goods_goods ON promote_goods(goods_id);

-- Add-ons of a shop; outlets of an enterprise.
CREATE INDEX goods_charging_shop ON goods_charging(shop_id, sort);
CREATE INDEX base_ent ON base(ent_id, sort);
