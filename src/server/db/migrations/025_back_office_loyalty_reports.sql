-- Issue 27 sections 3 and 4: the back office's loyalty settings and reports.
--
-- Versions: every rule or plan the back office edits carries a version; a
-- save names the version it read and is refused (409, "changed by someone
-- else", with the fresh values) when the row moved on since.
--   enterprise.loyalty_version: the points rule (score_unit) and the top-up
--     limits (recharge_min, recharge_max), saved together;
--   recharge_rule.version, card_plan.version: each rule's and plan's own.
ALTER TABLE enterprise ADD COLUMN loyalty_version int NOT NULL DEFAULT 1;
ALTER TABLE recharge_rule ADD COLUMN version int NOT NULL DEFAULT 1;
ALTER TABLE recharge_rule ADD COLUMN disabled boolean NOT NULL DEFAULT false;
ALTER TABLE card_plan ADD COLUMN version int NOT NULL DEFAULT 1;
-- The outlets where a plan's coupons may be used: empty means every outlet
-- of the enterprise.
ALTER TABLE card_plan ADD COLUMN outlets text[] NOT NULL DEFAULT '{}';

-- The outlet's own time zone (reports count its days and hours in it); '':
-- the enterprise's time_zone.
-- (The column itself is migration 024's: NOT NULL DEFAULT '', '' meaning the enterprise's zone.)
ALTER TABLE base ADD COLUMN IF NOT EXISTS time_zone text NOT NULL DEFAULT '';

