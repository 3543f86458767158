-- Orders (operations/orders.ts and operations/orders/*, http/staff.ts,
-- http/rateLimit.ts): what an order submit writes, the rounds of a pay-after
-- table sheet, idempotency per member on the client's LocalSheetID, and the
-- shared rate-limit counters.
--
-- sheet.take_time already exists (001_init.sql). pay_status and is_pay_later
-- are shared with the payments code (004).

-- How the customer takes the order: dinein | pickup | delivery. NULL on
-- insert is filled in by the trigger below (pos type 7, takeout, means pickup).
ALTER TABLE sheet ADD COLUMN take_type text;
-- What the kitchen and counter have done (src/shared/domain/orderStates.ts);
-- staff move it forward only (http/staff.ts).
ALTER TABLE sheet ADD COLUMN progress text NOT NULL DEFAULT 'placed'
  CHECK (progress IN ('placed', 'preparing', 'ready', 'delivering', 'completed'));
-- Plastic bag fee of a takeout order (MOP 1 a bag), part of total_amo.
ALTER TABLE sheet ADD COLUMN bag_amo numeric(18,4) NOT NULL DEFAULT 0;
-- Rounds of ordering on the sheet (a prepay order has one).
ALTER TABLE sheet ADD COLUMN round_count int NOT NULL DEFAULT 1;
-- The coupon used on the sheet, if any (vip_card.used_sheet_id points back).
ALTER TABLE sheet ADD COLUMN card_id text REFERENCES vip_card(card_id);
-- prepay: paid before (one submit, one sheet); postpay: a dine-in table's
-- shared sheet that rounds are added to and that is paid at the end. NULL on
-- insert is filled in by the trigger below from the outlet's pay mode.
ALTER TABLE sheet ADD COLUMN pay_mode text;
-- When someone at the table started settling a postpay sheet online
-- (PosSalSheet_CYSettleSheetSubmit_V2_Add): no more rounds while it holds.
ALTER TABLE sheet ADD COLUMN settle_started_at timestamptz;
-- Delivery details beyond cust_address (which holds main address + house number).
ALTER TABLE sheet ADD COLUMN cust_region text NOT NULL DEFAULT '';
ALTER TABLE sheet ADD COLUMN cust_gps_lng double precision;
ALTER TABLE sheet ADD COLUMN cust_gps_lat double precision;
ALTER TABLE sheet ADD COLUMN distance_km numeric(18,4);

-- A line sold by a pack unit: the pack's price (with extras) and its main units.
ALTER TABLE sheet_item ADD COLUMN punit_price numeric(18,4) NOT NULL DEFAULT 0;
ALTER TABLE sheet_item ADD COLUMN ref numeric(18,4) NOT NULL DEFAULT 1;

UPDATE sheet s SET
  take_type = CASE WHEN s.pos_type = 7 THEN 'pickup' ELSE 'dinein' END,
  pay_mode = CASE WHEN s.table_id IS NOT NULL AND s.pos_type <> 7
                   AND (SELECT b.pay_mode FROM base b WHERE b.base_id = s.base_id) = 'postpay'
                  THEN 'postpay' ELSE 'prepay' END;

-- Rows written without take_type or pay_mode (the demo seed, older writers)
-- get them from what they are: no default can, since pay_mode depends on the outlet.
CREATE FUNCTION sheet_fill_modes() RETURNS trigger LANGUAGE plpgsql AS '
BEGIN
  IF NEW.take_type IS NULL THEN
    NEW.take_type := CASE WHEN NEW.pos_type = 7 THEN ''pickup'' ELSE ''dinein'' END;
  END IF;
  IF NEW.pay_mode IS NULL THEN
    NEW.pay_mode := CASE WHEN NEW.table_id IS NOT NULL AND NEW.pos_type <> 7
                          AND (SELECT b.pay_mode FROM base b WHERE b.base_id = NEW.base_id) = ''postpay''
                         THEN ''postpay'' ELSE ''prepay'' END;
  END IF;
  RETURN NEW;
END';
CREATE TRIGGER sheet_fill_modes BEFORE INSERT ON sheet FOR EACH ROW EXECUTE FUNCTION sheet_fill_modes();

ALTER TABLE sheet ALTER COLUMN take_type SET NOT NULL;
ALTER TABLE sheet ADD CONSTRAINT sheet_take_type CHECK (take_type IN ('dinein', 'pickup', 'delivery'));
ALTER TABLE sheet ALTER COLUMN pay_mode SET NOT NULL;
ALTER TABLE sheet ADD CONSTRAINT sheet_pay_mode CHECK (pay_mode IN ('prepay', 'postpay'));

-- One row per submit that was accepted: round 1 of a prepay sheet, or one
-- round of a table's postpay sheet (each by whichever member or guest at the
-- table sent it). (vip_id, local_sheet_id) is the idempotency key: a retry
-- finds its round here and gets the first answer; request_hash tells a retry
-- (same cart) from a reuse of the id for another cart.
CREATE TABLE sheet_round (
  sheet_id       text NOT NULL REFERENCES sheet(sheet_id),
  round_no       int  NOT NULL,
  vip_id         text NOT NULL REFERENCES vip(vip_id),
  local_sheet_id text NOT NULL,
  request_hash   text NOT NULL,
  amount         numeric(18,4) NOT NULL,   -- the round's total (goods + bag fee + freight - coupon)
  remark         text NOT NULL DEFAULT '',
  created_at     timestamptz NOT NULL,
  PRIMARY KEY (sheet_id, round_no)
);
CREATE UNIQUE INDEX sheet_round_local ON sheet_round(vip_id, local_sheet_id);
-- The order list: a member's sheets and the table sheets they ordered a round on.
CREATE INDEX sheet_round_vip ON sheet_round(vip_id, created_at DESC);

-- The counter's list (GET /staff/sheets?baseId=&status=), newest first.
CREATE INDEX sheet_base_status ON sheet(base_id, status, created_at DESC);
-- Who used a coupon (a staff close gives an unpaid sheet's coupon back).
CREATE INDEX vip_card_used_sheet ON vip_card(used_sheet_id) WHERE used_sheet_id <> '';

-- Fixed-window request counters shared by every instance (http/rateLimit.ts):
-- one row per key ('order:member:VIP...', 'order:ip:1.2.3.4'), reset when a
-- new window starts.
CREATE TABLE rate_limit (
  key          text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  count        int NOT NULL
);
CREATE INDEX rate_limit_window ON rate_limit(window_start);
