-- Live matches. The MatchRoom Durable Object of a match is the one writer: it decides
-- an event's seq and whether it is allowed in its own SQLite storage, then copies it here before
-- it answers, so server rendering, the sitemap and reports read a match's timeline from D1
-- without waking the room. The idempotency key is unique per match, like the room's own copy.
CREATE TABLE match_events (
  id TEXT PRIMARY KEY,
  match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  type TEXT NOT NULL,
  minute INTEGER NOT NULL CHECK (minute BETWEEN 0 AND 130),
  side TEXT NOT NULL CHECK (side IN ('home', 'away')),
  player_id INTEGER REFERENCES players(id) ON DELETE SET NULL,
  player_off_id INTEGER REFERENCES players(id) ON DELETE SET NULL,
  text TEXT,
  withdrawn INTEGER NOT NULL DEFAULT 0 CHECK (withdrawn IN (0, 1)),
  idempotency_key TEXT NOT NULL,
  created_at TEXT NOT NULL,               -- ISO 8601 UTC
  UNIQUE (match_id, seq),
  UNIQUE (match_id, idempotency_key)
);

-- The club's line-up for a match: the starting eleven and the substitutes, from the team's squad.
CREATE TABLE match_lineups (
  match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  player_id INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('starting', 'sub')),
  position INTEGER NOT NULL,
  PRIMARY KEY (match_id, player_id)
);

-- The room's last change (event, withdrawal, line-up), copied with each: a page rendered from D1
-- tells the browser which seq it shows, so its socket asks only for what came after.
ALTER TABLE matches ADD COLUMN live_seq INTEGER NOT NULL DEFAULT 0;
