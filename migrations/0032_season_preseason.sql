-- Preseason mode per season, a console setting (Matches → Seasons): on, a season's fixtures give
-- way to 'New fixtures coming soon' wherever fixtures are listed; its results still show. Off by
-- default: the demo's current season has published fixtures (docs/spec-departures.md).
ALTER TABLE seasons ADD COLUMN preseason INTEGER NOT NULL DEFAULT 0 CHECK (preseason IN (0, 1));
