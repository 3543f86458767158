-- Issue 27 section 2: the back office's outlets and tables.
--
-- A table removed in the back office stays as a row (its old sheets still
-- name it) with removed_at set and a fresh random qr_code nobody has seen:
-- its printed code stops working at once. Every reading of the tables a
-- customer reaches leaves removed ones out.
--   code_rotated_at: when its code was last replaced (POST /staff/tables/:id/rotate-code).
ALTER TABLE dining_table ADD COLUMN removed_at timestamptz;
ALTER TABLE dining_table ADD COLUMN code_rotated_at timestamptz;

-- The outlet's settings as the back office edits them:
--   version: raised by every save; a save names the version it was made
--     from, and one made from an older version is refused (two managers
--     editing the same outlet: the second is told and shown the fresh values).
--   time_zone: the outlet's IANA zone ('' the enterprise's).
--   delivery_zone: NULL a radius (freight_rule.range_km), else a polygon
--     drawn on the map: {"points": [[lat, lng], ...]} (at least 3 points, the
--     last joined to the first).
ALTER TABLE base ADD COLUMN version int NOT NULL DEFAULT 1;
ALTER TABLE base ADD COLUMN time_zone text NOT NULL DEFAULT '';
ALTER TABLE base ADD COLUMN delivery_zone jsonb;
