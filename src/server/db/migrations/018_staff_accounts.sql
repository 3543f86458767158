-- Issue 26 section 1: staff accounts (src/server/http/staffAccounts.ts).
-- People sign in with a login name and a password and get a staff session
-- cookie; STAFF_TOKEN stays the automation key. Every staff action is written
-- to staff_audit.

-- An account of the enterprise's staff. role: owner (every outlet of the
-- enterprise, whatever `outlets` holds), manager, cashier, kitchen (the
-- outlets in `outlets`). Passwords and PINs are scrypt hashes with their own
-- salt and parameters ('$scrypt$ln=14,r=8,p=1$<salt>$<hash>', base64url).
CREATE TABLE staff_account (
  account_id    text PRIMARY KEY,
  ent_id        text NOT NULL REFERENCES enterprise(ent_id),
  login         text NOT NULL,
  display_name  text NOT NULL,
  role          text NOT NULL CHECK (role IN ('owner', 'manager', 'cashier', 'kitchen')),
  outlets       text[] NOT NULL DEFAULT '{}',
  password_hash text NOT NULL,
  pin_hash      text,
  disabled      boolean NOT NULL DEFAULT false,
  version       int NOT NULL DEFAULT 1,
  created_at    timestamptz NOT NULL,
  updated_at    timestamptz NOT NULL
);
-- Login names are unique across the service (sign-in names no enterprise) and compared in lower case.
CREATE UNIQUE INDEX staff_account_login ON staff_account(lower(login));
CREATE INDEX staff_account_ent ON staff_account(ent_id);

-- A signed-in person: the cookie's secret is kept only as its SHA-256.
CREATE TABLE staff_session (
  session_hash text PRIMARY KEY,
  account_id   text NOT NULL REFERENCES staff_account(account_id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL
);
CREATE INDEX staff_session_account ON staff_session(account_id);
CREATE INDEX staff_session_expires ON staff_session(expires_at);

-- Who did what: actor is an account id or 'automation' (the STAFF_TOKEN);
-- actor_name as it was then; ent_id and base_id the enterprise and outlet the
-- action touched (for the owner's reading), when known.
CREATE TABLE staff_audit (
  audit_id   bigserial PRIMARY KEY,
  at         timestamptz NOT NULL,
  actor      text NOT NULL,
  actor_name text NOT NULL DEFAULT '',
  ent_id     text,
  base_id    text,
  action     text NOT NULL,
  target     text NOT NULL DEFAULT '',
  before     jsonb,
  after      jsonb
);
CREATE INDEX staff_audit_ent_at ON staff_audit(ent_id, audit_id DESC);
CREATE INDEX staff_audit_target ON staff_audit(target);
