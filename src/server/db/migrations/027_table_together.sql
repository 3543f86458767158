-- Issue 28 sections 1 and 4: the table together.
--
-- The table's live cart (operations/table/cart.ts): at a pay-after table the
-- cart is the table's, not a phone's. One row per table carries the cart's
-- version: every change bumps it (and locks the row, so the changes of one
-- table are written one after another), and a round sent from the cart
-- names the version it saw: a second phone sending the same cart at the same
-- moment finds the version moved and makes no second round.
CREATE TABLE table_cart (
  table_id   text PRIMARY KEY REFERENCES dining_table(table_id) ON DELETE CASCADE,
  version    bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A line of a table's cart: its author (vip_id: a member or a guest), the
-- goods as chosen (sku, pack unit, bundle parts and add-ons by id, a remark)
-- and its quantities; version counts its own changes (a change naming an
-- older version is refused: nobody's change is lost silently).
CREATE TABLE table_cart_line (
  line_id    text PRIMARY KEY,
  table_id   text NOT NULL REFERENCES dining_table(table_id) ON DELETE CASCADE,
  -- The table's open sheet when the line was added ('' when none was open).
  sheet_id   text NOT NULL DEFAULT '',
  vip_id     text NOT NULL,
  goods_id   text NOT NULL,
  sku_id     text NOT NULL DEFAULT '',
  punit      text NOT NULL DEFAULT '',
  pqua       numeric(18,4) NOT NULL DEFAULT 0 CHECK (pqua >= 0),
  mqua       numeric(18,4) NOT NULL DEFAULT 0 CHECK (mqua >= 0),
  bom        jsonb NOT NULL DEFAULT '[]',
  options    jsonb NOT NULL DEFAULT '[]',
  remark     text NOT NULL DEFAULT '',
  version    int NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX table_cart_line_table ON table_cart_line(table_id, created_at);

-- Who joined a table's cart, in order: "Guest 2" is the second guest to join
-- (a member is shown by their name). Joins older than a scan's validity are
-- not counted (a new party at the table starts again at Guest 1).
CREATE TABLE table_cart_member (
  table_id  text NOT NULL REFERENCES dining_table(table_id) ON DELETE CASCADE,
  vip_id    text NOT NULL,
  joined_at timestamptz NOT NULL,
  PRIMARY KEY (table_id, vip_id)
);

-- "Call staff" and "Ask for the bill" (operations/table/calls.ts): one row a
-- call; a table calls again for the same kind only after the cooldown. The
-- staff member who acknowledges it claims it (acknowledged_by: the staff
-- account's id, or 'automation'; its name for the phone's "on the way").
CREATE TABLE table_call (
  call_id     text PRIMARY KEY,
  ent_id      text NOT NULL,
  base_id     text NOT NULL REFERENCES base(base_id),
  table_id    text NOT NULL REFERENCES dining_table(table_id) ON DELETE CASCADE,
  vip_id      text NOT NULL,
  kind        text NOT NULL CHECK (kind IN ('staff', 'bill')),
  -- How the table means to pay (a bill call): 'online', 'card', 'cash'; '' for a staff call.
  pay_how     text NOT NULL DEFAULT '' CHECK (pay_how IN ('', 'online', 'card', 'cash')),
  created_at  timestamptz NOT NULL,
  acknowledged_by      text,
  acknowledged_by_name text NOT NULL DEFAULT '',
  acknowledged_at      timestamptz
);
CREATE INDEX table_call_table ON table_call(table_id, kind, created_at DESC);
CREATE INDEX table_call_base ON table_call(base_id, created_at DESC);
