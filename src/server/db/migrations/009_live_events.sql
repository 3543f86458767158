-- Live events (src/server/events/): the outbox every order change and
-- sold-out mark writes into in the same transaction as the change. The
-- writer also calls pg_notify('hbb_events', ...) in that transaction, so the
-- notification goes out only if the change commits, and every instance that
-- LISTENs delivers it to its streams. Streams resume from event_id
-- (Last-Event-ID); rows are kept at least 24 h (pruned after 48 h).
--
-- Who an event is for:
--   vip_ids  the customers whose own orders it is about (the sheet's member
--            and every member or guest who ordered a round on it)
--   sheet_id a table's shared sheet (its stream)
--   base_id  the outlet's staff
--   ent_id   with kind 'menu': every customer of the enterprise (sold out)
CREATE TABLE event_outbox (
  event_id   bigserial PRIMARY KEY,
  kind       text NOT NULL,
  ent_id     text NOT NULL DEFAULT '',
  base_id    text NOT NULL DEFAULT '',
  sheet_id   text NOT NULL DEFAULT '',
  vip_ids    text[] NOT NULL DEFAULT '{}',
  data       jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX event_outbox_created ON event_outbox(created_at);
CREATE INDEX event_outbox_sheet ON event_outbox(sheet_id, event_id) WHERE sheet_id <> '';
CREATE INDEX event_outbox_base ON event_outbox(base_id, event_id) WHERE base_id <> '';
CREATE INDEX event_outbox_vips ON event_outbox USING gin (vip_ids);

-- Sold-out marks are single statements (http/staff.ts): a trigger writes
-- their event in the same statement's transaction, so no writer can forget it.
CREATE FUNCTION event_outbox_sold_out() RETURNS trigger LANGUAGE plpgsql AS '
DECLARE
  g record;
  e record;
  sku text := NULL;
BEGIN
  IF NEW.sold_out IS NOT DISTINCT FROM OLD.sold_out THEN
    RETURN NEW;
  END IF;
  IF TG_TABLE_NAME = ''goods'' THEN
    SELECT NEW.goods_id AS goods_id, NEW.ent_id AS ent_id, NEW.shop_id AS shop_id INTO g;
  ELSE
    SELECT goods_id, ent_id, shop_id INTO g FROM goods WHERE goods_id = NEW.goods_id;
    sku := NEW.sku_id;
  END IF;
  INSERT INTO event_outbox (kind, ent_id, data)
    VALUES (''menu'', g.ent_id, jsonb_build_object(
      ''goodsId'', g.goods_id, ''shopId'', g.shop_id,
      ''skuId'', sku,
      ''soldOut'', NEW.sold_out))
    RETURNING * INTO e;
  PERFORM pg_notify(''hbb_events'', json_build_object(''id'', e.event_id::text, ''kind'', e.kind, ''entId'', e.ent_id,
    ''baseId'', e.base_id, ''sheetId'', e.sheet_id, ''vipIds'', e.vip_ids, ''data'', e.data,
    ''at'', to_char(e.created_at AT TIME ZONE ''UTC'', ''YYYY-MM-DD"T"HH24:MI:SS.MS"Z"''))::text);
  RETURN NEW;
END';
CREATE TRIGGER goods_sold_out_event AFTER UPDATE OF sold_out ON goods
  FOR EACH ROW EXECUTE FUNCTION event_outbox_sold_out();
CREATE TRIGGER goods_sku_sold_out_event AFTER UPDATE OF sold_out ON goods_sku
  FOR EACH ROW EXECUTE FUNCTION event_outbox_sold_out();
