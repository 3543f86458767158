-- The menu answer cache (src/server/http/menuCache.ts, issue 15): every
-- change to what a menu answer is made of NOTIFYs the channel 'hbb_menu' in
-- the changing transaction, so PostgreSQL sends it only when the change
-- commits, to every instance that LISTENs (each drops the cached answers it
-- names). A trigger, not the writers, so no writer (the staff API, an admin's
-- SQL, a bulk load) can forget it. Payloads:
--   'shop:<ShopID>'  that shop's answers
--   'ent:<EntID>'    the enterprise's (its time zone, its AppLanguage)
--   'all'            everything (a TRUNCATE, or a row whose shop is gone)
-- NOTIFY sends identical payloads of one transaction once, so a bulk change of
-- 5,000 goods is one notification.
CREATE FUNCTION menu_cache_changed() RETURNS trigger LANGUAGE plpgsql AS '
DECLARE
  rec record;
  shop text;
BEGIN
  IF TG_LEVEL = ''STATEMENT'' THEN
    PERFORM pg_notify(''hbb_menu'', ''all'');
    RETURN NULL;
  END IF;
  FOR rec IN SELECT * FROM (VALUES (CASE WHEN TG_OP = ''INSERT'' THEN NULL ELSE 1 END), (CASE WHEN TG_OP = ''DELETE'' THEN NULL ELSE 2 END)) v(side) WHERE side IS NOT NULL LOOP
    shop := NULL;
    IF TG_TABLE_NAME IN (''goods'', ''goods_class'', ''goods_charging'', ''promote_plan'') THEN
      shop := CASE WHEN rec.side = 1 THEN OLD.shop_id ELSE NEW.shop_id END;
    ELSIF TG_TABLE_NAME = ''shop'' THEN
      shop := CASE WHEN rec.side = 1 THEN OLD.shop_id ELSE NEW.shop_id END;
    ELSIF TG_TABLE_NAME IN (''goods_sku'', ''goods_punit'', ''goods_bom_class'', ''goods_charging_link'') THEN
      SELECT g.shop_id INTO shop FROM goods g WHERE g.goods_id = (CASE WHEN rec.side = 1 THEN OLD.goods_id ELSE NEW.goods_id END);
    ELSIF TG_TABLE_NAME = ''goods_bom_item'' THEN
      SELECT g.shop_id INTO shop FROM goods_bom_class c JOIN goods g ON g.goods_id = c.goods_id
       WHERE c.bom_class_id = (CASE WHEN rec.side = 1 THEN OLD.bom_class_id ELSE NEW.bom_class_id END);
    ELSIF TG_TABLE_NAME = ''promote_goods'' THEN
      SELECT p.shop_id INTO shop FROM promote_plan p WHERE p.plan_id = (CASE WHEN rec.side = 1 THEN OLD.plan_id ELSE NEW.plan_id END);
    ELSIF TG_TABLE_NAME IN (''enterprise'', ''ent_parm'') THEN
      PERFORM pg_notify(''hbb_menu'', ''ent:'' || (CASE WHEN rec.side = 1 THEN OLD.ent_id ELSE NEW.ent_id END));
      CONTINUE;
    END IF;
    PERFORM pg_notify(''hbb_menu'', COALESCE(''shop:'' || shop, ''all''));
  END LOOP;
  RETURN NULL;
END';
CREATE TRIGGER goods_menu_cache AFTER INSERT OR UPDATE OR DELETE ON goods FOR EACH ROW EXECUTE FUNCTION menu_cache_changed();
CREATE TRIGGER goods_class_menu_cache AFTER INSERT OR UPDATE OR DELETE ON goods_class FOR EACH ROW EXECUTE FUNCTION menu_cache_changed();
CREATE TRIGGER goods_sku_menu_cache AFTER INSERT OR UPDATE OR DELETE ON goods_sku FOR EACH ROW EXECUTE FUNCTION menu_cache_changed();
CREATE TRIGGER goods_punit_menu_cache AFTER INSERT OR UPDATE OR DELETE ON goods_punit FOR EACH ROW EXECUTE FUNCTION menu_cache_changed();
CREATE TRIGGER goods_bom_class_menu_cache AFTER INSERT OR UPDATE OR DELETE ON goods_bom_class FOR EACH ROW EXECUTE FUNCTION menu_cache_changed();
CREATE TRIGGER goods_bom_item_menu_cache AFTER INSERT OR UPDATE OR DELETE ON goods_bom_item FOR EACH ROW EXECUTE FUNCTION menu_cache_changed();
CREATE TRIGGER goods_charging_menu_cache AFTER INSERT OR UPDATE OR DELETE ON goods_charging FOR EACH ROW EXECUTE FUNCTION menu_cache_changed();
CREATE TRIGGER goods_charging_link_menu_cache AFTER INSERT OR UPDATE OR DELETE ON goods_charging_link FOR EACH ROW EXECUTE FUNCTION menu_cache_changed();
CREATE TRIGGER promote_plan_menu_cache AFTER INSERT OR UPDATE OR DELETE ON promote_plan FOR EACH ROW EXECUTE FUNCTION menu_cache_changed();
CREATE TRIGGER promote_goods_menu_cache AFTER INSERT OR UPDATE OR DELETE ON promote_goods FOR EACH ROW EXECUTE FUNCTION menu_cache_changed();
CREATE TRIGGER shop_menu_cache AFTER INSERT OR UPDATE OR DELETE ON shop FOR EACH ROW EXECUTE FUNCTION menu_cache_changed();
CREATE TRIGGER enterprise_menu_cache AFTER INSERT OR UPDATE OR DELETE ON enterprise FOR EACH ROW EXECUTE FUNCTION menu_cache_changed();
CREATE TRIGGER ent_parm_menu_cache AFTER INSERT OR UPDATE OR DELETE ON ent_parm FOR EACH ROW EXECUTE FUNCTION menu_cache_changed();
CREATE TRIGGER goods_menu_cache_truncate AFTER TRUNCATE ON goods FOR EACH STATEMENT EXECUTE FUNCTION menu_cache_changed();
CREATE TRIGGER goods_sku_menu_cache_truncate AFTER TRUNCATE ON goods_sku FOR EACH STATEMENT EXECUTE FUNCTION menu_cache_changed();
CREATE TRIGGER promote_plan_menu_cache_truncate AFTER TRUNCATE ON promote_plan FOR EACH STATEMENT EXECUTE FUNCTION menu_cache_changed();
CREATE TRIGGER promote_goods_menu_cache_truncate AFTER TRUNCATE ON promote_goods FOR EACH STATEMENT EXECUTE FUNCTION menu_cache_changed();
