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
