-- Every customer-facing text in three languages (operations/localized.ts).
--
-- The convention of 001_init.sql, generalised: a text column holds the
-- simplified Chinese text, <column>_tw the traditional Chinese one and
-- <column>_en the English one ('' when not translated). The service answers
-- each text in the caller's language, falling back per field to the
-- enterprise's AppLanguage, then to simplified Chinese; it never mixes
-- languages within one field. 001 gave goods, class, bundle group, pack unit,
-- add-on, shop and outlet names their translations; these are the rest.
--
-- A goods' spec (attribute names, their values and its skus' item texts) is
-- one text: it is answered in the first language of the chain in which the
-- goods has attribute values, so a sku's items always match the values the
-- menu shows.

ALTER TABLE enterprise ADD COLUMN ent_name_tw text NOT NULL DEFAULT '';
ALTER TABLE enterprise ADD COLUMN ent_name_en text NOT NULL DEFAULT '';

ALTER TABLE shop ADD COLUMN notice_tw text NOT NULL DEFAULT '';
ALTER TABLE shop ADD COLUMN notice_en text NOT NULL DEFAULT '';

ALTER TABLE base ADD COLUMN address_tw text NOT NULL DEFAULT '';
ALTER TABLE base ADD COLUMN address_en text NOT NULL DEFAULT '';

ALTER TABLE goods ADD COLUMN unit_tw text NOT NULL DEFAULT '';
ALTER TABLE goods ADD COLUMN unit_en text NOT NULL DEFAULT '';
ALTER TABLE goods ADD COLUMN sku_attributes_tw text NOT NULL DEFAULT '';
ALTER TABLE goods ADD COLUMN sku_attributes_en text NOT NULL DEFAULT '';
ALTER TABLE goods ADD COLUMN sku_attribute_values_tw text NOT NULL DEFAULT '';
ALTER TABLE goods ADD COLUMN sku_attribute_values_en text NOT NULL DEFAULT '';

ALTER TABLE goods_sku ADD COLUMN sku_items_tw text NOT NULL DEFAULT '';
ALTER TABLE goods_sku ADD COLUMN sku_items_en text NOT NULL DEFAULT '';

ALTER TABLE goods_bom_item ADD COLUMN bom_punit_tw text NOT NULL DEFAULT '';
ALTER TABLE goods_bom_item ADD COLUMN bom_punit_en text NOT NULL DEFAULT '';

ALTER TABLE promote_plan ADD COLUMN plan_name_tw text NOT NULL DEFAULT '';
ALTER TABLE promote_plan ADD COLUMN plan_name_en text NOT NULL DEFAULT '';
