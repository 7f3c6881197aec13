-- The console's match extras and the supporters' dates of birth.
--
-- The opponent's line-up and the match statistics (tables of migration 0036) are typed on the
-- operator's screen, each saved as a whole. Two operators saving at once must not both win, so each
-- set has its version per match: a save claims the version it read in the same batch as its rows
-- (worker/matches/match-extras-store.ts); when another save came in between, the claim breaks the
-- CHECK, D1 rolls the batch back and the operator gets 409. A match without a row is at version 0.
CREATE TABLE match_extras_versions (
  match_id INTEGER PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
  lineup_version INTEGER NOT NULL DEFAULT 0 CHECK (lineup_version >= 0),
  stats_version INTEGER NOT NULL DEFAULT 0 CHECK (stats_version >= 0)
);

-- A date of birth (YYYY-MM-DD) where the sign-in service sends one (an OIDC `birthdate` claim;
-- the dev portal's long registration form asks it). It decides one thing: an adult's family mode
-- is off by default (src/domain/adult-age.ts). NULL when unknown: the spec's default applies.
ALTER TABLE accounts ADD COLUMN birthdate TEXT;
ALTER TABLE dev_portal_users ADD COLUMN birthdate TEXT;
