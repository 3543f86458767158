-- Issues 27 and 28: an outlet's service charge and tip, and the amounts a
-- sheet carries for them. Laid down before the work that uses them so the
-- back office (issue 27, which sets them), the bill (issue 28, which computes
-- them in shared/domain/orderTotals.ts) and the reports (issue 27, which sum
-- them) build on the same columns.
--   service_charge_bp: the outlet's service charge in basis points of the
--     subtotal after item and coupon discounts (1000 = 10%); 0 by default.
--   tip_enabled: whether the outlet offers a tip at payment (never preselected).
ALTER TABLE base ADD COLUMN service_charge_bp int NOT NULL DEFAULT 0
  CONSTRAINT base_service_charge_bp CHECK (service_charge_bp BETWEEN 0 AND 3000);
ALTER TABLE base ADD COLUMN tip_enabled boolean NOT NULL DEFAULT false;
-- The sheet's service charge and tips, in the same units as total_amo.
-- total_amo includes service_amo; tip_amo is the sum of the tips paid with
-- the sheet's payments and is not part of total_amo.
ALTER TABLE sheet ADD COLUMN service_amo numeric(18,4) NOT NULL DEFAULT 0;
ALTER TABLE sheet ADD COLUMN tip_amo numeric(18,4) NOT NULL DEFAULT 0;

-- Issues 26 and 28: a line's author and its void.
--   added_by: the vip_id (member or guest) who put the line in the cart: at a
--     table's live cart (issue 28) each line's own author, else the round's
--     sender; NULL for lines written before this column or added by staff.
--     "Pay my items" at the bill reads it.
--   voided_at, void_reason, voided_by: a line staff took off the bill (issue
--     26 section 5): never deleted, shown struck through, out of the totals.
--     voided_by is the staff account's id (or 'automation').
ALTER TABLE sheet_item ADD COLUMN added_by text;
ALTER TABLE sheet_item ADD COLUMN voided_at timestamptz;
ALTER TABLE sheet_item ADD COLUMN void_reason text NOT NULL DEFAULT '';
ALTER TABLE sheet_item ADD COLUMN voided_by text;
