-- Issue 26 section 4: pickup numbers and the ready board.

-- A pickup or delivery order's short number per outlet and business day
-- ('023'; '' for a table's order), assigned once when the order is written
-- (operations/orders/pickupNumber.ts), and the business day it belongs to (the
-- outlet's day starts at its opening, in its time zone).
ALTER TABLE sheet ADD COLUMN pickup_no text NOT NULL DEFAULT '';
ALTER TABLE sheet ADD COLUMN pickup_day date;
-- The last resort against a number given twice.
CREATE UNIQUE INDEX sheet_pickup_no ON sheet(base_id, pickup_day, pickup_no) WHERE pickup_no <> '';

-- The counter behind the numbers: one row per outlet and business day, bumped
-- with INSERT ... ON CONFLICT DO UPDATE ... RETURNING (atomic, also with
-- several instances on one database).
CREATE TABLE pickup_counter (
  base_id      text NOT NULL REFERENCES base(base_id),
  business_day date NOT NULL,
  last_no      int  NOT NULL,
  PRIMARY KEY (base_id, business_day)
);

-- A ready board's link (a TV at the pickup counter): a long random token,
-- kept only as its SHA-256; created and revoked by an owner or manager.
CREATE TABLE board_link (
  link_id       text PRIMARY KEY,
  base_id       text NOT NULL REFERENCES base(base_id),
  name          text NOT NULL DEFAULT '',
  token_hash    text NOT NULL UNIQUE,
  -- How long a ready number stays on the board when nobody collects it.
  ready_minutes int  NOT NULL DEFAULT 15 CHECK (ready_minutes BETWEEN 1 AND 240),
  created_by    text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now(),
  revoked_at    timestamptz
);
CREATE INDEX board_link_base ON board_link(base_id);
