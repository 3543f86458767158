-- Issue 26 section 2: the kitchen's stations and the expo on screen.
--   A line's done mark (a cook tapped it): in the database, so two screens
--   and a reload agree. NULL: not done.
ALTER TABLE sheet_item ADD COLUMN kitchen_done_at timestamptz;
ALTER TABLE sheet_item ADD COLUMN kitchen_done_by text;

-- A ticket bumped off a station's screen (all its items done): a round of a
-- sheet at one station. A recall sets recalled_at and brings it back into
-- place; the newest bumps not recalled are what a recall offers.
CREATE TABLE kitchen_bump (
  bump_id     bigserial PRIMARY KEY,
  base_id     text NOT NULL REFERENCES base(base_id),
  sheet_id    text NOT NULL REFERENCES sheet(sheet_id),
  round_no    int  NOT NULL,
  station_id  text NOT NULL REFERENCES station(station_id) ON DELETE CASCADE,
  bumped_at   timestamptz NOT NULL,
  bumped_by   text NOT NULL DEFAULT '',
  recalled_at timestamptz
);
-- One live bump of a ticket at a station.
CREATE UNIQUE INDEX kitchen_bump_live ON kitchen_bump(sheet_id, round_no, station_id) WHERE recalled_at IS NULL;
CREATE INDEX kitchen_bump_recent ON kitchen_bump(station_id, bumped_at DESC) WHERE recalled_at IS NULL;

-- The timers' colours per outlet and way of ordering ('dinein', 'pickup',
-- 'delivery'), in seconds since the kitchen received the order. Without a
-- row: amber at 300 (5:00), red at 480 (8:00).
CREATE TABLE kitchen_threshold (
  base_id   text NOT NULL REFERENCES base(base_id),
  take_type text NOT NULL CHECK (take_type IN ('dinein', 'pickup', 'delivery')),
  amber_s   int  NOT NULL CHECK (amber_s BETWEEN 30 AND 7200),
  red_s     int  NOT NULL CHECK (red_s BETWEEN 60 AND 14400),
  CHECK (red_s > amber_s),
  PRIMARY KEY (base_id, take_type)
);
