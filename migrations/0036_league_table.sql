-- The league table and a richer match centre.
-- The table is never stored: it is computed from results at request time (src/domain/standings.ts),
-- so a result written at full time is in it on the next request. The club's own results are its
-- `matches`; the other clubs' results in the same competition and season are kept here, typed in
-- /admin/table by staff (or loaded with the demo content).
CREATE TABLE league_results (
  id INTEGER PRIMARY KEY,
  season_id INTEGER NOT NULL REFERENCES seasons(id),
  competition_id INTEGER NOT NULL REFERENCES competitions(id),
  home_id INTEGER NOT NULL REFERENCES opponents(id),
  away_id INTEGER NOT NULL REFERENCES opponents(id),
  played_on TEXT NOT NULL,                 -- YYYY-MM-DD
  home_goals INTEGER NOT NULL CHECK (home_goals BETWEEN 0 AND 99),
  away_goals INTEGER NOT NULL CHECK (away_goals BETWEEN 0 AND 99),
  CHECK (home_id <> away_id),
  -- a league plays each pairing once at each ground: a second entry is an edit of the first
  UNIQUE (season_id, competition_id, home_id, away_id)
);
CREATE INDEX league_results_table ON league_results (competition_id, season_id);

-- Points the league took off a club, with the reason printed under the table.
-- opponent_id NULL is the club's own team in that competition.
CREATE TABLE table_deductions (
  id INTEGER PRIMARY KEY,
  season_id INTEGER NOT NULL REFERENCES seasons(id),
  competition_id INTEGER NOT NULL REFERENCES competitions(id),
  opponent_id INTEGER REFERENCES opponents(id),
  points INTEGER NOT NULL CHECK (points BETWEEN 1 AND 99),
  reason TEXT NOT NULL,
  created_at TEXT NOT NULL                 -- ISO 8601 UTC
);
CREATE INDEX table_deductions_table ON table_deductions (competition_id, season_id);

-- The opponent's line-up: their players are not in the club's squads, so by name and number.
CREATE TABLE match_opponent_lineups (
  match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('starting', 'sub')),
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  number INTEGER,
  PRIMARY KEY (match_id, role, position)
);

-- Match statistics where recorded (possession, shots …), in home/away order as the page prints them.
CREATE TABLE match_stats (
  match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  label TEXT NOT NULL,
  home INTEGER NOT NULL CHECK (home >= 0),
  away INTEGER NOT NULL CHECK (away >= 0),
  PRIMARY KEY (match_id, position)
);
