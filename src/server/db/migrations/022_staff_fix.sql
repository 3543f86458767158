-- Issue 26 section 5: staff fix an order (operations/orders/fixOrder.ts).
--
-- A round staff add at the screen (POST /staff/sheets/:id/lines) has no
-- member or guest behind it: sheet_round.vip_id becomes optional, and
-- staff_id says which staff account (or 'automation') sent it.
ALTER TABLE sheet_round ALTER COLUMN vip_id DROP NOT NULL;
ALTER TABLE sheet_round ADD COLUMN staff_id text;
ALTER TABLE sheet_round ADD CONSTRAINT sheet_round_author CHECK (vip_id IS NOT NULL OR staff_id IS NOT NULL);

-- A part of a payment given back: a void of a line of a paid sheet
-- (POST /staff/sheets/:id/lines/:itemId/void). The money goes back the way
-- it came: 'balance' (a ledger row of the member's balance, kind 'refund'),
-- 'sandbox' (the provider's refund, its own ledger below) or 'counter' (the
-- sheet was paid at the counter: the cashier hands the money back; this row
-- is the record of it). One row per voided line.
CREATE TABLE payment_refund (
  refund_id  text PRIMARY KEY,
  sheet_id   text NOT NULL REFERENCES sheet(sheet_id),
  pay_id     text REFERENCES payment(pay_id),
  item_id    int  NOT NULL,
  method     text NOT NULL CHECK (method IN ('balance', 'sandbox', 'counter')),
  amount     numeric(18,4) NOT NULL CHECK (amount >= 0),
  staff_id   text NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (sheet_id, item_id)
);
CREATE INDEX payment_refund_pay ON payment_refund(pay_id);

-- The sandbox provider's partial refunds (a real provider keeps these on its
-- side): one row per refund id, so asking again for the same refund is not a
-- second refund; sandbox_payment.refunded_amount is their sum.
CREATE TABLE sandbox_refund (
  refund_id  text PRIMARY KEY,
  pay_id     text NOT NULL REFERENCES sandbox_payment(pay_id),
  amount     numeric(18,4) NOT NULL CHECK (amount > 0),
  created_at timestamptz NOT NULL
);
