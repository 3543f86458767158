-- Issue 28: split bills at a table. A pay-after table's sheet may be paid by
-- several payments, each its own (provider or balance), its own receipt and
-- its own refund; the sheet is settled when the paid payments cover its total
-- exactly (operations/payments/split.ts).
--   payment.part: what the payment covers: '' the whole sheet (every payment
--     before this migration, and every prepay sheet's); 'rest' what is left;
--     'share' share_n of share_of even shares; 'amount' a custom amount;
--     'units' units of lines (payment_cover).
--   payment.tip_amo: the payer's tip, part of payment.amount, not of the bill.
ALTER TABLE payment ADD COLUMN part text NOT NULL DEFAULT ''
  CONSTRAINT payment_part CHECK (part IN ('', 'rest', 'share', 'amount', 'units'));
ALTER TABLE payment ADD COLUMN share_n int;
ALTER TABLE payment ADD COLUMN share_of int;
ALTER TABLE payment ADD COLUMN tip_amo numeric(18,4) NOT NULL DEFAULT 0 CHECK (tip_amo >= 0);

-- The one-pending / one-paid rule now holds for whole-sheet payments only; split
-- payments of a sheet are serialised by the sheet's row lock and checked against
-- what is left to pay.
DROP INDEX payment_one_pending;
DROP INDEX payment_one_paid;
CREATE UNIQUE INDEX payment_one_pending ON payment(sheet_id) WHERE status = 'pending' AND part = '';
CREATE UNIQUE INDEX payment_one_paid ON payment(sheet_id) WHERE status = 'paid' AND part = '';

-- The units of a sheet's lines a payment covers, one row a unit (unit_no from 1).
-- live: the payment is pending or paid; a payment that fails, is abandoned or is
-- refunded releases its units (live false). A unit is covered by one live
-- payment at most (the unique index), whatever races.
CREATE TABLE payment_cover (
  pay_id   text NOT NULL REFERENCES payment(pay_id),
  sheet_id text NOT NULL REFERENCES sheet(sheet_id),
  item_id  int NOT NULL,
  unit_no  int NOT NULL CHECK (unit_no >= 1),
  amount   numeric(18,4) NOT NULL CHECK (amount >= 0),
  live     boolean NOT NULL DEFAULT true,
  PRIMARY KEY (pay_id, item_id, unit_no)
);
CREATE UNIQUE INDEX payment_cover_live_unit ON payment_cover(sheet_id, item_id, unit_no) WHERE live;
CREATE INDEX payment_cover_sheet ON payment_cover(sheet_id);
