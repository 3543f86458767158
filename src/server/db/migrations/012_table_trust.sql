-- Trust at the table (issue 22).
--
-- A diner may withdraw a round of their own while the kitchen has not started
-- it (PosSalSheet_PosSalSheetCloseSubmit_V5_Add with RoundNo, operations/orders/withdraw.ts).
-- sheet_round.started_at: when the kitchen started the round, i.e. the first
-- move of the sheet's progress after the round was placed (the staff API
-- moves a sheet's progress: http/staff.ts). A trigger, not the writers, so no
-- way of moving a sheet along can forget it. sheet_round.withdrawn_at: the
-- round was withdrawn by its diner; its lines are gone from the sheet and its
-- amount from the sheet's totals, the row stays (a retried submit with the
-- same LocalSheetID still finds its answer).
ALTER TABLE sheet_round ADD COLUMN started_at timestamptz;
ALTER TABLE sheet_round ADD COLUMN withdrawn_at timestamptz;
-- Rounds of sheets the kitchen has already moved along count as started.
UPDATE sheet_round r SET started_at = s.updated_at FROM sheet s WHERE s.sheet_id = r.sheet_id AND s.progress <> 'placed';

CREATE FUNCTION sheet_rounds_started() RETURNS trigger LANGUAGE plpgsql AS '
BEGIN
  UPDATE sheet_round SET started_at = NEW.updated_at
   WHERE sheet_id = NEW.sheet_id AND started_at IS NULL AND withdrawn_at IS NULL;
  RETURN NULL;
END';
CREATE TRIGGER sheet_progress_starts_rounds AFTER UPDATE OF progress ON sheet
  FOR EACH ROW WHEN (OLD.progress IS DISTINCT FROM NEW.progress) EXECUTE FUNCTION sheet_rounds_started();

-- Why a payment was cancelled without the customer's say on the provider's
-- page: '' (the provider's own answer), 'expired' (pending longer than
-- PAYMENT_PENDING_MINUTES: operations/payments/expiry.ts), 'staff' (the
-- staff API's cancel or force close: http/staff.ts).
ALTER TABLE payment ADD COLUMN cancel_reason text NOT NULL DEFAULT '' CHECK (cancel_reason IN ('', 'expired', 'staff'));
