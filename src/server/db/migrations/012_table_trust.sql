-- Trust at the table (issue 22).
--
-- A diner may withdraw a round of their own while the kitchen has not started
-- it (PosSalSheet_PosSalSheetCloseSubmit_V5_Add with RoundNo, operations/orders/withdraw.ts):
-- the round's own kitchen state is still 'placed' (sheet_round.progress,
-- 013_round_progress.sql). sheet_round.withdrawn_at: the round was withdrawn
-- by its diner; its lines are gone from the sheet and its amount from the
-- sheet's totals, the row stays (a retried submit with the same LocalSheetID
-- still finds its answer).
ALTER TABLE sheet_round ADD COLUMN withdrawn_at timestamptz;

-- Why a payment was cancelled without the customer's say on the provider's
-- page: '' (the provider's own answer), 'expired' (pending longer than
-- PAYMENT_PENDING_MINUTES: operations/payments/expiry.ts), 'staff' (the
-- staff API's cancel or force close: http/staff.ts).
ALTER TABLE payment ADD COLUMN cancel_reason text NOT NULL DEFAULT '' CHECK (cancel_reason IN ('', 'expired', 'staff'));
