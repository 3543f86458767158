-- The member's wallet: balance, points and coupons as ledgers, top-ups
-- through the payment provider, claimable coupon plans with stock and a
-- per-member limit (operations/wallet.ts, issue 10; issue 16 defect 4).
--
-- Ledgers. Every change of a balance or of points is a row of
-- vip_account_item / vip_score_item with the amount and the figure after it;
-- the stored vip.balance (vip.score) is the sum of its rows. Rows are ordered
-- by `seq`, a per-member counter assigned by a trigger that increments
-- vip.account_seq (vip.score_seq): that UPDATE takes the member row's lock, the
-- same lock every balance change holds, so the order of `seq` is the order in
-- which the balance actually changed (created_at is the request's start and
-- may disagree under concurrency).
ALTER TABLE vip ADD COLUMN account_seq bigint NOT NULL DEFAULT 0;
ALTER TABLE vip ADD COLUMN score_seq bigint NOT NULL DEFAULT 0;
ALTER TABLE vip_account_item ADD COLUMN seq bigint;
ALTER TABLE vip_score_item ADD COLUMN seq bigint;

UPDATE vip_account_item i SET seq = r.n
  FROM (SELECT item_id, row_number() OVER (PARTITION BY vip_id ORDER BY created_at, item_id) AS n FROM vip_account_item) r
 WHERE r.item_id = i.item_id;
UPDATE vip_score_item i SET seq = r.n
  FROM (SELECT item_id, row_number() OVER (PARTITION BY vip_id ORDER BY created_at, item_id) AS n FROM vip_score_item) r
 WHERE r.item_id = i.item_id;
UPDATE vip v SET account_seq = COALESCE((SELECT max(seq) FROM vip_account_item i WHERE i.vip_id = v.vip_id), 0),
                 score_seq = COALESCE((SELECT max(seq) FROM vip_score_item i WHERE i.vip_id = v.vip_id), 0);

CREATE FUNCTION vip_account_item_seq() RETURNS trigger LANGUAGE plpgsql AS '
BEGIN
  UPDATE vip SET account_seq = account_seq + 1 WHERE vip_id = NEW.vip_id RETURNING account_seq INTO NEW.seq;
  RETURN NEW;
END';
CREATE TRIGGER vip_account_item_seq BEFORE INSERT ON vip_account_item FOR EACH ROW EXECUTE FUNCTION vip_account_item_seq();

CREATE FUNCTION vip_score_item_seq() RETURNS trigger LANGUAGE plpgsql AS '
BEGIN
  UPDATE vip SET score_seq = score_seq + 1 WHERE vip_id = NEW.vip_id RETURNING score_seq INTO NEW.seq;
  RETURN NEW;
END';
CREATE TRIGGER vip_score_item_seq BEFORE INSERT ON vip_score_item FOR EACH ROW EXECUTE FUNCTION vip_score_item_seq();

ALTER TABLE vip_account_item ALTER COLUMN seq SET NOT NULL;
ALTER TABLE vip_score_item ALTER COLUMN seq SET NOT NULL;
CREATE UNIQUE INDEX vip_account_item_seq_idx ON vip_account_item(vip_id, seq);
CREATE UNIQUE INDEX vip_score_item_seq_idx ON vip_score_item(vip_id, seq);

-- Coupons: every change of a card (issued, claimed, used, given back) is a
-- row of vip_card_item, written by a trigger on vip_card so that no code path
-- can change a card without its row.
CREATE TABLE vip_card_item (
  item_id    bigserial PRIMARY KEY,
  card_id    text NOT NULL REFERENCES vip_card(card_id),
  vip_id     text,                          -- the holder after the change (null: unclaimed)
  event      text NOT NULL CHECK (event IN ('issue', 'claim', 'use', 'release', 'expire', 'change')),
  status     int NOT NULL,                  -- the card's status after the change
  sheet_id   text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX vip_card_item_card ON vip_card_item(card_id, item_id);
CREATE INDEX vip_card_item_vip ON vip_card_item(vip_id, item_id);

CREATE FUNCTION vip_card_ledger() RETURNS trigger LANGUAGE plpgsql AS '
DECLARE
  ev text;
BEGIN
  IF TG_OP = ''INSERT'' THEN
    ev := ''issue'';
  ELSIF NEW.status = 1 AND OLD.status <> 1 THEN
    ev := ''use'';
  ELSIF OLD.status = 1 AND NEW.status = 0 THEN
    ev := ''release'';
  ELSIF NEW.status = 2 AND OLD.status <> 2 THEN
    ev := ''expire'';
  ELSIF OLD.vip_id IS NULL AND NEW.vip_id IS NOT NULL THEN
    ev := ''claim'';
  ELSIF OLD.vip_id IS DISTINCT FROM NEW.vip_id OR OLD.status <> NEW.status THEN
    ev := ''change'';
  ELSE
    RETURN NEW;
  END IF;
  INSERT INTO vip_card_item (card_id, vip_id, event, status, sheet_id)
  VALUES (NEW.card_id, NEW.vip_id, ev, NEW.status,
          CASE WHEN ev = ''release'' THEN OLD.used_sheet_id ELSE NEW.used_sheet_id END);
  RETURN NEW;
END';
CREATE TRIGGER vip_card_ledger AFTER INSERT OR UPDATE ON vip_card FOR EACH ROW EXECUTE FUNCTION vip_card_ledger();

INSERT INTO vip_card_item (card_id, vip_id, event, status, sheet_id)
SELECT card_id, vip_id, 'issue', status, used_sheet_id FROM vip_card;

-- Coupon plans: how many cards a plan may still give out (null: no limit)
-- and how many one member may claim. Claims are serialised on the plan row.
ALTER TABLE card_plan ADD COLUMN stock int CHECK (stock IS NULL OR stock >= 0);
ALTER TABLE card_plan ADD COLUMN per_member_limit int NOT NULL DEFAULT 1 CHECK (per_member_limit >= 1);
ALTER TABLE card_plan ADD COLUMN claimed_count int NOT NULL DEFAULT 0 CHECK (claimed_count >= 0);
ALTER TABLE card_plan ADD COLUMN begin_at timestamptz;
ALTER TABLE card_plan ADD COLUMN end_at timestamptz;
ALTER TABLE card_claim DROP CONSTRAINT card_claim_pkey;
ALTER TABLE card_claim ADD PRIMARY KEY (card_id);
CREATE INDEX card_claim_member ON card_claim(plan_id, vip_id);

-- Enterprise rules: the amount paid per point (0: orders earn no points) and
-- the least and greatest top-up of a free amount.
ALTER TABLE enterprise ADD COLUMN score_unit numeric(18,4) NOT NULL DEFAULT 1 CHECK (score_unit >= 0);
ALTER TABLE enterprise ADD COLUMN recharge_min numeric(18,4) NOT NULL DEFAULT 1 CHECK (recharge_min > 0);
ALTER TABLE enterprise ADD COLUMN recharge_max numeric(18,4) NOT NULL DEFAULT 10000 CHECK (recharge_max > 0);

-- Top-ups through the payment provider. recharge_id is the SheetID the app
-- polls; the provider's payment id is pay_id (the callback names it). A
-- top-up moves from 'pending' once (to 'paid', 'cancelled' or 'failed'), and
-- only the move to 'paid' credits the balance: credited exactly once however
-- many callbacks or status queries arrive.
CREATE TABLE vip_recharge (
  recharge_id  text PRIMARY KEY,
  vip_id       text NOT NULL REFERENCES vip(vip_id),
  ent_id       text NOT NULL REFERENCES enterprise(ent_id),
  rule_id      text NOT NULL DEFAULT '',
  amount       numeric(18,4) NOT NULL CHECK (amount > 0),
  gift         numeric(18,4) NOT NULL DEFAULT 0 CHECK (gift >= 0),
  pay_id       text NOT NULL UNIQUE,
  pay_url      text NOT NULL DEFAULT '',
  status       text NOT NULL CHECK (status IN ('pending', 'paid', 'cancelled', 'failed')),
  provider_ref text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL,
  paid_at      timestamptz,
  updated_at   timestamptz NOT NULL
);
CREATE INDEX vip_recharge_vip ON vip_recharge(vip_id, created_at DESC);
