-- The ordering service's schema. Money and quantities are numeric(18,4): the
-- protocol sends decimals back as strings with four places, and numeric keeps
-- them exact. Ids are text: the real service's ids are long digit strings.

CREATE TABLE enterprise (
  ent_id          text PRIMARY KEY,
  ent_name        text NOT NULL,
  user_id         text NOT NULL,           -- the enterprise's default user (operator account)
  user_name       text NOT NULL,
  user_code       text NOT NULL,
  currency        text NOT NULL DEFAULT 'MOP',
  currency_symbol text NOT NULL DEFAULT '¥',
  amo_point       int  NOT NULL DEFAULT 2,
  discount_point  int  NOT NULL DEFAULT 0,
  pqua_point      int  NOT NULL DEFAULT 0,
  price_point     int  NOT NULL DEFAULT 2,
  qua_point       int  NOT NULL DEFAULT 0,
  time_zone       text NOT NULL DEFAULT 'Asia/Macau',
  oss_domain      text NOT NULL DEFAULT '/oss/',
  logo            text NOT NULL DEFAULT ''
);

CREATE TABLE ent_parm (
  ent_id     text NOT NULL REFERENCES enterprise(ent_id),
  parm_id    text NOT NULL,
  parm_value text NOT NULL,
  PRIMARY KEY (ent_id, parm_id)
);

CREATE TABLE shop (
  shop_id     text PRIMARY KEY,
  ent_id      text NOT NULL REFERENCES enterprise(ent_id),
  shop_name   text NOT NULL,
  shop_name_tw text NOT NULL DEFAULT '',
  shop_name_en text NOT NULL DEFAULT '',
  pos_type    int  NOT NULL DEFAULT 0,      -- 5: business district; 2 and 7: external shops
  parent_shop_id text REFERENCES shop(shop_id), -- an external shop belongs to a business district
  mina_app_id text NOT NULL DEFAULT '',
  mina_id     text NOT NULL DEFAULT '',
  logo        text NOT NULL DEFAULT '',
  notice      text NOT NULL DEFAULT '',
  sort        int  NOT NULL DEFAULT 0
);
CREATE INDEX shop_ent ON shop(ent_id);
CREATE INDEX shop_parent ON shop(parent_shop_id);

CREATE TABLE base (
  base_id      text PRIMARY KEY,
  ent_id       text NOT NULL REFERENCES enterprise(ent_id),
  shop_id      text NOT NULL REFERENCES shop(shop_id),
  base_name    text NOT NULL,
  base_name_tw text NOT NULL DEFAULT '',
  base_name_en text NOT NULL DEFAULT '',
  base_code    text NOT NULL,
  business_mode int NOT NULL DEFAULT 0,     -- 0 all, 1 takeout, 2 dine-in
  cy_type      text NOT NULL DEFAULT '0',   -- '1' fast (quick service), else meal
  begin_time   text NOT NULL DEFAULT '',    -- HH:mm
  end_time     text NOT NULL DEFAULT '',
  web_order_duration int NOT NULL DEFAULT 0, -- minutes; 0 unlimited
  pay_mode     text NOT NULL DEFAULT 'prepay', -- prepay | postpay
  address      text NOT NULL DEFAULT '',
  phone        text NOT NULL DEFAULT '',
  gps_lng      double precision,
  gps_lat      double precision,
  base_class   int NOT NULL DEFAULT 0,
  sort         int NOT NULL DEFAULT 0
);
CREATE INDEX base_shop ON base(shop_id);

CREATE TABLE base_parm (
  base_id    text NOT NULL REFERENCES base(base_id),
  parm_id    text NOT NULL,
  parm_value text NOT NULL,
  PRIMARY KEY (base_id, parm_id)
);

CREATE TABLE dining_table (
  table_id   text PRIMARY KEY,
  base_id    text NOT NULL REFERENCES base(base_id),
  table_name text NOT NULL,
  table_code text NOT NULL,
  qr_code    text NOT NULL UNIQUE,
  seats      int  NOT NULL DEFAULT 4,
  sort       int  NOT NULL DEFAULT 0
);
CREATE INDEX dining_table_base ON dining_table(base_id);

CREATE TABLE freight_rule (
  base_id     text PRIMARY KEY REFERENCES base(base_id),
  fee         numeric(18,4) NOT NULL,
  min_amount  numeric(18,4) NOT NULL,
  range_km    numeric(18,4) NOT NULL,
  free_above  numeric(18,4)            -- orders at or above this pay no freight; null never
);

-- Goods -------------------------------------------------------------------

CREATE TABLE goods_class (
  class_id   text PRIMARY KEY,
  ent_id     text NOT NULL REFERENCES enterprise(ent_id),
  shop_id    text NOT NULL REFERENCES shop(shop_id),
  class_name text NOT NULL,
  class_name_tw text NOT NULL DEFAULT '',
  class_name_en text NOT NULL DEFAULT '',
  sort       int NOT NULL DEFAULT 0
);
CREATE INDEX goods_class_shop ON goods_class(shop_id);

CREATE TABLE goods (
  goods_id     text PRIMARY KEY,
  ent_id       text NOT NULL REFERENCES enterprise(ent_id),
  shop_id      text NOT NULL REFERENCES shop(shop_id),
  class_id     text NOT NULL REFERENCES goods_class(class_id),
  goods_code   text NOT NULL,              -- the item number customers order by
  goods_name   text NOT NULL,
  goods_name_tw text NOT NULL DEFAULT '',
  goods_name_en text NOT NULL DEFAULT '',
  goods_type   int  NOT NULL DEFAULT 0,    -- 0 common, 3 bundle, 5 catering, 6 prescription, 7 by weight, 9 bag
  sku_type     int  NOT NULL DEFAULT 0,    -- 0 none, 1 single attribute, 2 two attributes
  unit         text NOT NULL DEFAULT '',
  price        numeric(18,4) NOT NULL,     -- list price
  sales_price  numeric(18,4) NOT NULL,     -- current price
  pic          text NOT NULL DEFAULT '',
  remarks      text NOT NULL DEFAULT '',
  remarks_tw   text NOT NULL DEFAULT '',
  remarks_en   text NOT NULL DEFAULT '',
  sku_attributes text NOT NULL DEFAULT '',       -- attribute names, e.g. 'Size;Temperature'
  sku_attribute_values text NOT NULL DEFAULT '', -- JSON: [{name, values:[...]}]
  sold_out     boolean NOT NULL DEFAULT false,
  is_home      boolean NOT NULL DEFAULT false,
  bag_count    int NOT NULL DEFAULT 0,      -- plastic bags a takeaway of this goods needs
  sort         int NOT NULL DEFAULT 0
);
CREATE INDEX goods_shop ON goods(shop_id);
CREATE INDEX goods_class_idx ON goods(class_id);
CREATE UNIQUE INDEX goods_code_shop ON goods(shop_id, goods_code);

CREATE TABLE goods_sku (
  sku_id     text PRIMARY KEY,
  goods_id   text NOT NULL REFERENCES goods(goods_id),
  sku_code   text NOT NULL,
  sku_items  text NOT NULL,               -- 'Large;Hot' (two attributes) or 'Large，' style single
  price      numeric(18,4) NOT NULL,
  sales_price numeric(18,4) NOT NULL,
  sold_out   boolean NOT NULL DEFAULT false,
  sort       int NOT NULL DEFAULT 0
);
CREATE INDEX goods_sku_goods ON goods_sku(goods_id);

CREATE TABLE goods_punit (
  goods_id    text NOT NULL REFERENCES goods(goods_id),
  pcode       text NOT NULL,
  punit       text NOT NULL,
  punit_tw    text NOT NULL DEFAULT '',
  punit_en    text NOT NULL DEFAULT '',
  ref         numeric(18,4) NOT NULL,      -- main units per pack
  price       numeric(18,4) NOT NULL,
  sales_price numeric(18,4) NOT NULL,
  PRIMARY KEY (goods_id, pcode)
);

-- Bundle groups (BOM classes) and their items.
CREATE TABLE goods_bom_class (
  bom_class_id text PRIMARY KEY,
  goods_id     text NOT NULL REFERENCES goods(goods_id),
  class_name   text NOT NULL,
  class_name_tw text NOT NULL DEFAULT '',
  class_name_en text NOT NULL DEFAULT '',
  select_type  int NOT NULL,               -- 0 required, 1 optional
  select_qua   int NOT NULL,               -- how many items may (optional) or must (required) be chosen
  sort         int NOT NULL DEFAULT 0
);
CREATE INDEX goods_bom_class_goods ON goods_bom_class(goods_id);

CREATE TABLE goods_bom_item (
  bom_class_id text NOT NULL REFERENCES goods_bom_class(bom_class_id),
  goods_id     text NOT NULL REFERENCES goods(goods_id), -- the part
  bom_amo      numeric(18,4) NOT NULL DEFAULT 0,         -- surcharge for choosing it
  bom_qua      numeric(18,4) NOT NULL DEFAULT 1,
  bom_punit    text NOT NULL DEFAULT '',
  is_default   boolean NOT NULL DEFAULT false,
  sort         int NOT NULL DEFAULT 0,
  PRIMARY KEY (bom_class_id, goods_id)
);

-- Add-ons (charging options).
CREATE TABLE goods_charging (
  option_id  text PRIMARY KEY,
  ent_id     text NOT NULL REFERENCES enterprise(ent_id),
  shop_id    text NOT NULL REFERENCES shop(shop_id),
  value      text NOT NULL,
  value_tw   text NOT NULL DEFAULT '',
  value_en   text NOT NULL DEFAULT '',
  price      numeric(18,4) NOT NULL,       -- Value2, list price
  sales_price numeric(18,4) NOT NULL,      -- Value3, current price
  sort       int NOT NULL DEFAULT 0
);

CREATE TABLE goods_charging_link (
  goods_id  text NOT NULL REFERENCES goods(goods_id),
  option_id text NOT NULL REFERENCES goods_charging(option_id),
  PRIMARY KEY (goods_id, option_id)
);

CREATE TABLE promote_plan (
  plan_id    text PRIMARY KEY,
  ent_id     text NOT NULL REFERENCES enterprise(ent_id),
  shop_id    text NOT NULL REFERENCES shop(shop_id),
  plan_name  text NOT NULL,
  begin_at   timestamptz NOT NULL,
  end_at     timestamptz NOT NULL,
  week_days  text NOT NULL DEFAULT '',     -- '1,2,3' (Sunday 7); empty every day
  limit_qua  numeric(18,4)                 -- per order; null unlimited
);

CREATE TABLE promote_goods (
  plan_id   text NOT NULL REFERENCES promote_plan(plan_id),
  goods_id  text NOT NULL REFERENCES goods(goods_id),
  sku_id    text NOT NULL DEFAULT '',
  promote_price numeric(18,4) NOT NULL,
  PRIMARY KEY (plan_id, goods_id, sku_id)
);

-- Members -------------------------------------------------------------------

CREATE TABLE vip (
  vip_id     text PRIMARY KEY,
  ent_id     text NOT NULL REFERENCES enterprise(ent_id),
  vip_name   text NOT NULL DEFAULT '',
  sex        int  NOT NULL DEFAULT 0,
  head_img   text NOT NULL DEFAULT '',
  area_no    text NOT NULL DEFAULT '',
  phone      text NOT NULL DEFAULT '',
  birthy     date,
  is_guest   boolean NOT NULL DEFAULT false,
  balance    numeric(18,4) NOT NULL DEFAULT 0 CHECK (balance >= 0),
  score      numeric(18,4) NOT NULL DEFAULT 0 CHECK (score >= 0),
  vip_code   text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vip_phone ON vip(ent_id, area_no, phone);

CREATE TABLE vip_open_id (
  provider  text NOT NULL,                 -- chat | mpay | alipay | payapp | foodapp
  mina_id   text NOT NULL DEFAULT '',
  open_id   text NOT NULL,
  vip_id    text NOT NULL REFERENCES vip(vip_id),
  union_id  text NOT NULL DEFAULT '',
  PRIMARY KEY (provider, mina_id, open_id)
);

CREATE TABLE vip_account_item (
  item_id    bigserial PRIMARY KEY,
  vip_id     text NOT NULL REFERENCES vip(vip_id),
  kind       text NOT NULL,                -- recharge | gift | pay | refund
  amount     numeric(18,4) NOT NULL,       -- signed
  balance    numeric(18,4) NOT NULL,       -- after
  sheet_id   text NOT NULL DEFAULT '',
  remark     text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vip_account_item_vip ON vip_account_item(vip_id, created_at DESC);

CREATE TABLE vip_score_item (
  item_id    bigserial PRIMARY KEY,
  vip_id     text NOT NULL REFERENCES vip(vip_id),
  score      numeric(18,4) NOT NULL,       -- signed
  balance    numeric(18,4) NOT NULL,
  sheet_id   text NOT NULL DEFAULT '',
  remark     text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vip_score_item_vip ON vip_score_item(vip_id, created_at DESC);

CREATE TABLE vip_address (
  address_id text PRIMARY KEY,
  vip_id     text NOT NULL REFERENCES vip(vip_id),
  cust_name  text NOT NULL,
  cust_phone text NOT NULL,
  area_no    text NOT NULL DEFAULT '853',
  province   text NOT NULL DEFAULT '',
  city       text NOT NULL DEFAULT '',
  district   text NOT NULL DEFAULT '',
  main_address text NOT NULL,
  house_number text NOT NULL,
  gps_lng    double precision,
  gps_lat    double precision,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vip_address_vip ON vip_address(vip_id);

CREATE TABLE recharge_rule (
  rule_id    text PRIMARY KEY,
  ent_id     text NOT NULL REFERENCES enterprise(ent_id),
  amount     numeric(18,4) NOT NULL,
  gift       numeric(18,4) NOT NULL DEFAULT 0,
  sort       int NOT NULL DEFAULT 0
);

CREATE TABLE card_plan (
  plan_id    text PRIMARY KEY,
  ent_id     text NOT NULL REFERENCES enterprise(ent_id),
  plan_name  text NOT NULL,
  plan_name_tw text NOT NULL DEFAULT '',
  plan_name_en text NOT NULL DEFAULT '',
  card_type  int NOT NULL,                 -- 1 cash, 2 discount, 3 voucher
  face_value numeric(18,4) NOT NULL,       -- cash/voucher amount, or discount percent (e.g. 85)
  min_amount numeric(18,4) NOT NULL DEFAULT 0,
  valid_days int NOT NULL DEFAULT 30,
  can_claim  boolean NOT NULL DEFAULT true,
  remark     text NOT NULL DEFAULT ''
);

CREATE TABLE vip_card (
  card_id    text PRIMARY KEY,
  card_code  text NOT NULL UNIQUE,         -- the code a customer can type at checkout
  plan_id    text NOT NULL REFERENCES card_plan(plan_id),
  vip_id     text REFERENCES vip(vip_id),  -- null until claimed by code
  status     int NOT NULL DEFAULT 0,       -- 0 not used, 1 used, 2 expired
  begin_at   timestamptz NOT NULL,
  end_at     timestamptz NOT NULL,
  used_sheet_id text NOT NULL DEFAULT '',
  used_at    timestamptz
);
CREATE INDEX vip_card_vip ON vip_card(vip_id);

CREATE TABLE sms_area (
  area_no   text PRIMARY KEY,
  area_name text NOT NULL,
  area_name_tw text NOT NULL DEFAULT '',
  area_name_en text NOT NULL DEFAULT '',
  sort      int NOT NULL DEFAULT 0
);

CREATE TABLE region (
  region_id text PRIMARY KEY,
  parent_id text,
  name      text NOT NULL,
  name_tw   text NOT NULL DEFAULT '',
  name_en   text NOT NULL DEFAULT '',
  level     int  NOT NULL
);

-- Sheets (orders) -------------------------------------------------------------

CREATE TABLE sheet (
  sheet_id     text PRIMARY KEY,
  ent_id       text NOT NULL REFERENCES enterprise(ent_id),
  shop_id      text NOT NULL REFERENCES shop(shop_id),
  base_id      text NOT NULL REFERENCES base(base_id),
  table_id     text REFERENCES dining_table(table_id),
  vip_id       text REFERENCES vip(vip_id),
  local_sheet_id text,
  pos_type     int  NOT NULL,              -- 2 meal, 4 fast, 7 takeout
  business_mode int NOT NULL DEFAULT 2,
  status       int  NOT NULL DEFAULT 0,    -- 0 open, 1 paid, 2 closed, 3 checked out, ...
  pay_status   int  NOT NULL DEFAULT 0,
  is_pay_later boolean NOT NULL DEFAULT false,
  sales_amo    numeric(18,4) NOT NULL DEFAULT 0,
  dis_amo      numeric(18,4) NOT NULL DEFAULT 0,
  fee_amo      numeric(18,4) NOT NULL DEFAULT 0,
  coupon_amo   numeric(18,4) NOT NULL DEFAULT 0,
  total_amo    numeric(18,4) NOT NULL DEFAULT 0,
  remark       text NOT NULL DEFAULT '',
  cust_name    text NOT NULL DEFAULT '',
  cust_phone   text NOT NULL DEFAULT '',
  cust_address text NOT NULL DEFAULT '',
  take_time    timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sheet_vip ON sheet(vip_id, created_at DESC);
CREATE INDEX sheet_table_open ON sheet(table_id, status);
CREATE UNIQUE INDEX sheet_local ON sheet(vip_id, local_sheet_id) WHERE local_sheet_id IS NOT NULL;

CREATE TABLE sheet_item (
  sheet_id   text NOT NULL REFERENCES sheet(sheet_id),
  item_id    int  NOT NULL,
  round_no   int  NOT NULL DEFAULT 1,
  goods_id   text NOT NULL REFERENCES goods(goods_id),
  sku_id     text NOT NULL DEFAULT '',
  punit      text NOT NULL DEFAULT '',
  goods_name text NOT NULL,
  sku_items  text NOT NULL DEFAULT '',
  qua        numeric(18,4) NOT NULL,
  pqua       numeric(18,4) NOT NULL DEFAULT 0,
  mqua       numeric(18,4) NOT NULL DEFAULT 0,
  price      numeric(18,4) NOT NULL,
  sales_price numeric(18,4) NOT NULL,
  amo        numeric(18,4) NOT NULL,
  dis_amo    numeric(18,4) NOT NULL DEFAULT 0,
  sal_type   int NOT NULL DEFAULT 0,
  detail     text NOT NULL DEFAULT '',     -- JSON: bundle parts, add-ons, remarks
  PRIMARY KEY (sheet_id, item_id)
);

-- Service plumbing ------------------------------------------------------------

CREATE TABLE session (
  session_id  text PRIMARY KEY,            -- a hash of the cookie's secret, never the secret itself
  ent_id      text NOT NULL,
  vip_id      text REFERENCES vip(vip_id),
  role        text NOT NULL,               -- guest | member
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL
);
CREATE INDEX session_expires ON session(expires_at);

CREATE TABLE help_feedback (
  feedback_id bigserial PRIMARY KEY,
  ent_id      text NOT NULL,
  user_id     text NOT NULL,
  app_name    text NOT NULL DEFAULT '',
  fb_type     int  NOT NULL DEFAULT 0,
  fb_content  text NOT NULL,
  fingerprint text NOT NULL,
  occurrences int  NOT NULL DEFAULT 1,
  created_at  timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX help_feedback_fp ON help_feedback(ent_id, fingerprint);

CREATE TABLE service_link (
  link_key   text PRIMARY KEY,
  link_value text NOT NULL
);
