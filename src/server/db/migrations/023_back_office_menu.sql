-- Issue 27 section 1: the back office edits the menu.
--
-- version: every write of the back office bumps it; a save names the version
-- it read and is refused (409, "changed by someone else", with the fresh
-- values) when the row moved on since (operations/backOffice/menu.ts).
-- archived_at: a goods (or class) that open orders or carts name is archived,
-- not deleted; the menu reads leave archived rows out (menu/handlers.ts).
ALTER TABLE goods ADD COLUMN version int NOT NULL DEFAULT 1;
ALTER TABLE goods ADD COLUMN archived_at timestamptz;
ALTER TABLE goods_class ADD COLUMN version int NOT NULL DEFAULT 1;
ALTER TABLE goods_class ADD COLUMN archived_at timestamptz;

-- Which outlets sell a goods, and show a class: a row here takes it off that
-- outlet's menu (no rows: every outlet of the shop, as before 023).
CREATE TABLE goods_outlet_off (
  goods_id text NOT NULL REFERENCES goods(goods_id),
  base_id  text NOT NULL REFERENCES base(base_id),
  PRIMARY KEY (goods_id, base_id)
);
CREATE TABLE goods_class_outlet_off (
  class_id text NOT NULL REFERENCES goods_class(class_id),
  base_id  text NOT NULL REFERENCES base(base_id),
  PRIMARY KEY (class_id, base_id)
);
-- Their changes drop cached menu answers too (011's function: a table it does not know notifies 'all').
CREATE TRIGGER goods_outlet_off_menu_cache AFTER INSERT OR UPDATE OR DELETE ON goods_outlet_off FOR EACH ROW EXECUTE FUNCTION menu_cache_changed();
CREATE TRIGGER goods_class_outlet_off_menu_cache AFTER INSERT OR UPDATE OR DELETE ON goods_class_outlet_off FOR EACH ROW EXECUTE FUNCTION menu_cache_changed();
