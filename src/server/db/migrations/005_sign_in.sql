-- Sign-in and the member's own pages (operations/auth.ts and operations/auth/,
-- providers/identity.ts, sms.ts, storage.ts; http/identity.ts, storage.ts).
--
-- Every secret here is stored hashed: sign-in codes and access tokens as
-- SHA-256 (they are long random strings), SMS codes as HMAC-SHA256 with the
-- service's sign-in key (they are only six digits). Everything lives in the
-- database so any instance can answer any step of a flow.

-- The sandbox identity providers' one-time codes (what a real provider keeps
-- on its side): single use (used_at), five minutes (expires_at), bound to the
-- app id and the state the authorize request carried.
CREATE TABLE identity_code (
  code        text PRIMARY KEY,                    -- SHA-256 (base64url) of the code, never the code
  provider    text NOT NULL CHECK (provider IN ('chat', 'mpay', 'alipay', 'foodapp')),
  subject     text NOT NULL,                       -- the provider's openid of the user who consented
  app_id      text NOT NULL DEFAULT '',
  state       text NOT NULL DEFAULT '',
  scope       text NOT NULL DEFAULT '',
  fail_first  int  NOT NULL DEFAULT 0,             -- sandbox: answer "try again" this many times first
  failures    int  NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX identity_code_expires ON identity_code(expires_at);

-- The service's own access tokens, minted when it exchanged a provider's code:
-- bound to one provider's openid, short-lived, with the profile the provider
-- gave (so the user-info operation can answer without the spent code).
CREATE TABLE identity_token (
  token_hash  text PRIMARY KEY,                    -- SHA-256 (base64url) of the token
  provider    text NOT NULL,
  open_id     text NOT NULL,
  union_id    text NOT NULL DEFAULT '',
  nickname    text NOT NULL DEFAULT '',
  head_img    text NOT NULL DEFAULT '',
  sex         int  NOT NULL DEFAULT 0,             -- the provider's value (chat: 1 male, 2 female)
  phone       text NOT NULL DEFAULT '',            -- 'area-number', '' when the provider gave none
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX identity_token_expires ON identity_token(expires_at);

-- SMS verification codes. Only the newest code of a phone counts; it dies when
-- used, after 10 minutes, or after 5 wrong tries.
CREATE TABLE sms_code (
  code_id     bigserial PRIMARY KEY,
  phone_key   text NOT NULL,                       -- '853-66123456'
  code_hash   text NOT NULL,
  purpose     text NOT NULL CHECK (purpose IN ('login', 'change')),
  attempts    int  NOT NULL DEFAULT 0,             -- wrong tries so far
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX sms_code_phone ON sms_code(phone_key, created_at DESC, code_id DESC);

-- The send gate: one row per phone, claimed with one conditional upsert
-- (at most one send per 60 s, a daily count), so concurrent requests for one
-- phone serialise on the row and only one of them sends.
CREATE TABLE sms_phone (
  phone_key    text PRIMARY KEY,
  last_sent_at timestamptz NOT NULL,
  day          date NOT NULL,                      -- UTC day of day_count
  day_count    int  NOT NULL
);

-- Sends per client IP per UTC day, claimed the same way.
CREATE TABLE sms_ip_day (
  ip    text NOT NULL,
  day   date NOT NULL,
  sent  int  NOT NULL,
  PRIMARY KEY (ip, day)
);

-- Every send, for audit.
CREATE TABLE sms_send (
  send_id    bigserial PRIMARY KEY,
  phone_key  text NOT NULL,
  ip         text NOT NULL,
  sent_at    timestamptz NOT NULL
);
CREATE INDEX sms_send_phone ON sms_send(phone_key, sent_at);

-- The sandbox SMS provider's outbox (GET /sandbox/sms?phone=...).
CREATE TABLE sandbox_sms (
  message_id bigserial PRIMARY KEY,
  phone_key  text NOT NULL,
  text       text NOT NULL,
  lang       text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX sandbox_sms_phone ON sandbox_sms(phone_key, message_id DESC);

-- A member's proof of the current phone (VipPhoneVerify), good for 15 minutes
-- for one VipPhoneChange.
CREATE TABLE vip_phone_verified (
  vip_id      text PRIMARY KEY REFERENCES vip(vip_id),
  phone_key   text NOT NULL,
  verified_at timestamptz NOT NULL
);

-- Object names handed out by File_BatchFileNameGet_Add, and to whom.
CREATE TABLE file_name_issue (
  file_name    text PRIMARY KEY,                   -- the object key, e.g. 'UserHeadImg/2026/11/<random>.jpg'
  vip_id       text NOT NULL REFERENCES vip(vip_id),
  class_id     text NOT NULL,
  content_type text NOT NULL,
  created_at   timestamptz NOT NULL
);
CREATE INDEX file_name_issue_vip ON file_name_issue(vip_id);

-- The sandbox object store: uploaded bytes in the database, so every instance
-- serves every object (GET /oss/<key>).
CREATE TABLE stored_object (
  key          text PRIMARY KEY,
  content_type text NOT NULL,
  bytes        bytea NOT NULL,
  size         int  NOT NULL CHECK (size >= 0 AND size <= 5242880),
  created_at   timestamptz NOT NULL
);

-- A phone belongs to at most one registered member of an enterprise.
CREATE UNIQUE INDEX vip_member_phone ON vip(ent_id, area_no, phone) WHERE NOT is_guest AND phone <> '';

-- One claim per member per coupon plan (EntCard_ProvideVipCard_Add).
CREATE TABLE card_claim (
  plan_id    text NOT NULL REFERENCES card_plan(plan_id),
  vip_id     text NOT NULL REFERENCES vip(vip_id),
  card_id    text NOT NULL REFERENCES vip_card(card_id),
  claimed_at timestamptz NOT NULL,
  PRIMARY KEY (plan_id, vip_id)
);

-- One default address per member.
CREATE UNIQUE INDEX vip_address_one_default ON vip_address(vip_id) WHERE is_default;
