-- Fixture calendars: an iCalendar client only replaces an event it already
-- holds when SEQUENCE goes up and LAST-MODIFIED moves on, so every match keeps both. A trigger
-- keeps them, so any way of editing a match (admin SQL, a future CMS import) bumps them alike.
ALTER TABLE matches ADD COLUMN sequence INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN updated_at TEXT;  -- ISO 8601 UTC; set by the triggers below

CREATE TRIGGER matches_created AFTER INSERT ON matches WHEN NEW.updated_at IS NULL
BEGIN
  UPDATE matches SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = NEW.id;
END;

-- What a calendar shows: kick-off, venue and whether it goes ahead (postponed).
CREATE TRIGGER matches_rescheduled AFTER UPDATE OF kickoff, venue, status ON matches
WHEN OLD.kickoff IS NOT NEW.kickoff OR OLD.venue IS NOT NEW.venue OR (OLD.status = 'postponed') IS NOT (NEW.status = 'postponed')
BEGIN
  UPDATE matches SET sequence = OLD.sequence + 1, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = NEW.id;
END;
