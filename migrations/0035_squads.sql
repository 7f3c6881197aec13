-- Squads and players from the console (/admin/players).
-- A player is never deleted: a release dates the row, so past line-ups, match events and reports
-- that name him keep their player. A loan is one at a time, out (to another club) or in (from one),
-- with its first and last day; whether he is in the squad is computed from these dates on each
-- request (src/domain/squad-rules.ts), so he leaves and comes back without a scheduled job.
-- `version` moves on with every console write: a write names the version it read and changes
-- nothing when another came first (409 PLAYER_CHANGED), as fixtures do with their sequence.
ALTER TABLE players ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN released_on TEXT;                 -- YYYY-MM-DD (London), NULL while at the club
ALTER TABLE players ADD COLUMN loan_kind TEXT CHECK (loan_kind IN ('out', 'in'));
ALTER TABLE players ADD COLUMN loan_club TEXT;
ALTER TABLE players ADD COLUMN loan_from TEXT;                   -- YYYY-MM-DD, the loan's first day
ALTER TABLE players ADD COLUMN loan_until TEXT;                  -- YYYY-MM-DD, its last day

-- The squad pages read a team's players by team; the shirt check reads them by team and number.
CREATE INDEX IF NOT EXISTS players_team_number ON players (team_id, squad_number);
