-- Issue 23: a goods class may be offered for one way of ordering only, in SPEC
-- section 4's business modes: '0' all (the default), '1' takeout, '2' dine-in.
-- The menu answers it (HBBPos_AllGoodsClassGet_Get BusinessMode) and the app
-- does not offer a takeout-only class (the demo's Takeaway Extras: a plastic bag,
-- cutlery) to a customer dining in (shared/domain/businessMode.ts classOffered).
ALTER TABLE goods_class ADD COLUMN business_mode text NOT NULL DEFAULT '0'
  CONSTRAINT goods_class_business_mode CHECK (business_mode IN ('0', '1', '2'));
