-- Issue 29 section 4: e-receipts.
--
-- mail_outbox: every mail the service will send, written in the transaction
-- that asks for it (a receipt asked for on the order page, or the automatic
-- one of a member who opted in when their sheet is paid), rendered then (the
-- receipt as it stood when asked), and sent by the mail worker of any
-- instance (mail/worker.ts: FOR UPDATE SKIP LOCKED, retried with back-off)
-- over SMTP (SMTP_URL). A row is sent once: sent_at is set in the same
-- statement that ends the claim.
CREATE TABLE mail_outbox (
  mail_id     text PRIMARY KEY,
  ent_id      text NOT NULL REFERENCES enterprise(ent_id),
  sheet_id    text REFERENCES sheet(sheet_id),
  vip_id      text REFERENCES vip(vip_id),
  kind        text NOT NULL CHECK (kind IN ('receipt')),
  to_addr     text NOT NULL,
  lang        text NOT NULL,
  subject     text NOT NULL,
  text_body   text NOT NULL,
  html_body   text NOT NULL,
  created_at  timestamptz NOT NULL,
  attempts    int NOT NULL DEFAULT 0,
  next_at     timestamptz NOT NULL,
  claimed_by  text,
  claimed_until timestamptz,
  sent_at     timestamptz,
  message_id  text NOT NULL DEFAULT '',
  last_error  text NOT NULL DEFAULT ''
);
CREATE INDEX mail_outbox_due ON mail_outbox(next_at) WHERE sent_at IS NULL;
CREATE INDEX mail_outbox_sheet ON mail_outbox(sheet_id, created_at DESC);

-- A member's receipt preference: the address and, when auto, every paid
-- order's receipt is mailed there without asking; the company title and
-- number a business customer wants on them, in the language they chose then.
CREATE TABLE vip_receipt_pref (
  vip_id     text PRIMARY KEY REFERENCES vip(vip_id),
  email      text NOT NULL,
  auto       boolean NOT NULL DEFAULT false,
  title      text NOT NULL DEFAULT '',
  tax_no     text NOT NULL DEFAULT '',
  lang       text NOT NULL DEFAULT 'en',
  updated_at timestamptz NOT NULL
);

-- The sandbox's mail sink (mail/sink.ts, SANDBOX=1 without SMTP_URL): what it
-- received over SMTP, parsed, so any instance shows it at GET /sandbox/mail.
CREATE TABLE sandbox_mail (
  mail_no     bigserial PRIMARY KEY,
  envelope_to text NOT NULL,
  from_addr   text NOT NULL,
  subject     text NOT NULL,
  text_body   text NOT NULL,
  html_body   text NOT NULL,
  message_id  text NOT NULL DEFAULT '',
  received_at timestamptz NOT NULL
);
