-- Each round of a sheet has its own kitchen state (issue 23 item 2): a round
-- added to a table's sheet after the kitchen marked the earlier ones ready is
-- a new ticket of its own. sheet_round.progress takes the values of
-- sheet.progress (src/shared/domain/orderStates.ts); staff move a round
-- forward only (http/staff.ts). sheet.progress stays the sheet's state the
-- protocol answers, derived from its rounds: the least advanced round's
-- (http/staff.ts writes both in one transaction; a new round is 'placed',
-- so it brings its sheet back to 'placed', operations/orders/submit.ts).
-- A sheet without round rows (the demo's) is one round: sheet.progress.
ALTER TABLE sheet_round ADD COLUMN progress text NOT NULL DEFAULT 'placed'
  CHECK (progress IN ('placed', 'preparing', 'ready', 'delivering', 'completed'));
-- When staff last moved the round (NULL: never).
ALTER TABLE sheet_round ADD COLUMN progress_at timestamptz;

-- The rounds written before: each as far as its sheet (all that was known).
UPDATE sheet_round r SET progress = s.progress FROM sheet s WHERE s.sheet_id = r.sheet_id;
