-- Issue 26 section 3: printed kitchen tickets (ESC/POS over TCP 9100),
-- server/printing/. What a station needs for printing; its screens come later.

-- A station of an outlet's kitchen (wok, grill, drinks...), named in the three
-- languages (x: simplified Chinese, x_tw, x_en, as migrations/010_translations.sql).
CREATE TABLE station (
  station_id   text PRIMARY KEY,
  base_id      text NOT NULL REFERENCES base(base_id),
  station_name text NOT NULL,
  station_name_tw text NOT NULL DEFAULT '',
  station_name_en text NOT NULL DEFAULT '',
  sort         int NOT NULL DEFAULT 0
);
CREATE INDEX station_base ON station(base_id, sort);

-- A station is fed by goods classes; a goods with rows in station_goods at the
-- outlet goes to those stations instead of its class's (the override).
CREATE TABLE station_class (
  station_id text NOT NULL REFERENCES station(station_id) ON DELETE CASCADE,
  class_id   text NOT NULL REFERENCES goods_class(class_id),
  PRIMARY KEY (station_id, class_id)
);
CREATE INDEX station_class_class ON station_class(class_id);
CREATE TABLE station_goods (
  station_id text NOT NULL REFERENCES station(station_id) ON DELETE CASCADE,
  goods_id   text NOT NULL REFERENCES goods(goods_id),
  PRIMARY KEY (station_id, goods_id)
);
CREATE INDEX station_goods_goods ON station_goods(goods_id);

-- A kitchen printer of an outlet, reached over TCP (ESC/POS, port 9100). It
-- prints the items of its stations (printer_station), or of every station and
-- the items of none when all_stations.
CREATE TABLE printer (
  printer_id   text PRIMARY KEY,
  base_id      text NOT NULL REFERENCES base(base_id),
  name         text NOT NULL,
  host         text NOT NULL,
  port         int  NOT NULL CHECK (port BETWEEN 1 AND 65535),
  all_stations boolean NOT NULL DEFAULT false,
  width_mm     int  NOT NULL DEFAULT 80 CHECK (width_mm IN (58, 80)),
  lang         text NOT NULL DEFAULT 'zh-TW' CHECK (lang IN ('zh-CN', 'zh-TW', 'en')),
  encoding     text NOT NULL DEFAULT 'big5' CHECK (encoding IN ('big5', 'gb18030', 'utf8')),
  cut          boolean NOT NULL DEFAULT true,
  -- What the worker last saw: a send that worked, a send that failed (and why).
  last_ok_at    timestamptz,
  last_error_at timestamptz,
  last_error    text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX printer_base ON printer(base_id);
CREATE UNIQUE INDEX printer_base_name ON printer(base_id, lower(name));

CREATE TABLE printer_station (
  printer_id text NOT NULL REFERENCES printer(printer_id) ON DELETE CASCADE,
  station_id text NOT NULL REFERENCES station(station_id) ON DELETE CASCADE,
  PRIMARY KEY (printer_id, station_id)
);

-- The durable print queue: one queue per printer, first in first out by
-- job_id. A job is 'queued' (waiting, or waiting for its next attempt after a
-- failure), 'sending' (claimed by one instance's worker until claimed_until;
-- past it another may take it over), or 'printed'. Only the oldest unprinted
-- job of a printer is ever claimed, so a backlog prints in order; claims take
-- FOR UPDATE SKIP LOCKED, so two instances never send the same job.
-- job_key makes a round's ticket to a printer enqueued once: '<sheet>:<round>'
-- (a reprint: '<sheet>:<round>:reprint:<n>').
CREATE TABLE print_job (
  job_id       bigserial PRIMARY KEY,
  printer_id   text NOT NULL REFERENCES printer(printer_id) ON DELETE CASCADE,
  job_key      text NOT NULL,
  kind         text NOT NULL DEFAULT 'ticket' CHECK (kind IN ('ticket', 'reprint', 'test')),
  sheet_id     text REFERENCES sheet(sheet_id),
  round_no     int,
  payload      bytea NOT NULL,             -- the ESC/POS bytes, rendered when enqueued
  text         text NOT NULL DEFAULT '',   -- the ticket as plain text (what it says)
  state        text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sending', 'printed')),
  attempts     int  NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  claimed_by   text,
  claimed_until timestamptz,
  last_error   text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now(),
  printed_at   timestamptz
);
CREATE UNIQUE INDEX print_job_key ON print_job(printer_id, job_key);
-- The worker's look-up: unprinted jobs per printer, oldest first.
CREATE INDEX print_job_waiting ON print_job(printer_id, job_id) WHERE state <> 'printed';
CREATE INDEX print_job_sheet ON print_job(sheet_id, round_no);
