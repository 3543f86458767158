-- Payments (operations/payments.ts, providers/payment.ts, http/payments.ts).
--
-- payment: every attempt to pay a sheet, whatever the method. A balance
-- payment is written 'paid' at once; a third-party (sandbox) payment starts
-- 'pending' and the provider's signed callback moves it to 'paid' (or
-- 'cancelled'/'failed') exactly once: the callback's UPDATE is conditional on
-- status = 'pending'. A refund (the customer cancels a paid order) moves a
-- 'paid' payment to 'refunded'. Amounts are what the server computed from the
-- sheet, never what a client sent.
--
-- This migration uses only the sheet columns of 001_init.sql.

CREATE TABLE payment (
  pay_id       text PRIMARY KEY,
  sheet_id     text NOT NULL REFERENCES sheet(sheet_id),
  vip_id       text REFERENCES vip(vip_id),          -- who paid (the session's member or guest)
  pay_type     text NOT NULL CHECK (pay_type IN ('balance', 'sandbox')),
  amount       numeric(18,4) NOT NULL CHECK (amount >= 0),
  status       text NOT NULL CHECK (status IN ('pending', 'paid', 'cancelled', 'failed', 'refunded')),
  provider_ref text NOT NULL DEFAULT '',             -- the provider's transaction id
  pay_url      text NOT NULL DEFAULT '',             -- where the customer confirms (third-party payments)
  created_at   timestamptz NOT NULL,
  paid_at      timestamptz,
  refunded_at  timestamptz,
  updated_at   timestamptz NOT NULL
);
CREATE INDEX payment_sheet ON payment(sheet_id, created_at DESC);
CREATE INDEX payment_vip ON payment(vip_id, created_at DESC);
-- A sheet has at most one payment waiting for the provider, and at most one that took its money.
CREATE UNIQUE INDEX payment_one_pending ON payment(sheet_id) WHERE status = 'pending';
CREATE UNIQUE INDEX payment_one_paid ON payment(sheet_id) WHERE status = 'paid';

-- The payment methods linked to a shop (Finance_EntShopAccountGet_V2_Get). A
-- row with base_id '' applies to every outlet of the shop; a row for one
-- outlet overrides it for that outlet. A shop without rows has no payment
-- account linked yet.
CREATE TABLE shop_account (
  shop_id   text NOT NULL REFERENCES shop(shop_id),
  base_id   text NOT NULL DEFAULT '',
  pay_type  text NOT NULL CHECK (pay_type IN ('balance', 'sandbox', 'paylater')),
  enabled   boolean NOT NULL DEFAULT true,
  sort      int NOT NULL DEFAULT 0,
  PRIMARY KEY (shop_id, base_id, pay_type)
);

-- The sandbox payment provider's own ledger: what it was asked to charge and
-- what the customer did on its confirm page. A real provider keeps this on
-- its side; the sandbox keeps it here so any instance of the service can
-- serve its pages.
CREATE TABLE sandbox_payment (
  pay_id       text PRIMARY KEY,
  amount       numeric(18,4) NOT NULL,
  currency     text NOT NULL,
  description  text NOT NULL DEFAULT '',
  return_url   text NOT NULL,
  notify_url   text NOT NULL,
  status       text NOT NULL CHECK (status IN ('pending', 'paid', 'cancelled', 'refunded')),
  provider_ref text NOT NULL,
  refunded_amount numeric(18,4) NOT NULL DEFAULT 0,
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL
);
