-- Issue 27 section 1: a bundle group chooses between a minimum and a maximum
-- ("choose 1 to 3"). select_qua stays the maximum and select_type stays what
-- older readers understand: 0 (required, "exactly select_qua") when the
-- minimum is at least 1, 1 (optional, "up to select_qua") when it is 0; an
-- older client choosing exactly the maximum, or up to it, still chooses within
-- the limits. select_min is the minimum; NULL (rows written before, or by a
-- writer that does not know it) means what select_type said: select_qua when
-- required, 0 when optional. Readers take
-- COALESCE(select_min, CASE WHEN select_type = 0 THEN select_qua ELSE 0 END).
ALTER TABLE goods_bom_class ADD COLUMN select_min int CHECK (select_min >= 0 AND select_min <= select_qua);
