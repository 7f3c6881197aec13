-- Fixtures and results from the console (/admin/fixtures).
-- A fixture's tickets link ('' never: NULL for none), and the kick-off it had before its last
-- reschedule, so the screen (and whoever answers a supporter's question) can say what it moved from.
ALTER TABLE matches ADD COLUMN tickets_url TEXT;
ALTER TABLE matches ADD COLUMN previous_kickoff TEXT;  -- ISO 8601 UTC, NULL until rescheduled

-- The calendar SEQUENCE is stored and moved on by the writer: the console computes it with
-- nextSequence (src/domain/fixture-rules.ts) and writes it in the same UPDATE. This trigger stays
-- for every other writer (hand-written SQL, the seed): when an UPDATE changes what a calendar shows
-- (kick-off, venue, postponed or not, opponent, competition, home or away) without moving the
-- sequence itself, it moves it, so no way of editing a match leaves calendars behind.
DROP TRIGGER IF EXISTS matches_rescheduled;
CREATE TRIGGER matches_rescheduled AFTER UPDATE OF kickoff, venue, status, opponent_id, competition_id, is_home ON matches
WHEN NEW.sequence = OLD.sequence AND (
  OLD.kickoff IS NOT NEW.kickoff OR OLD.venue IS NOT NEW.venue OR (OLD.status = 'postponed') IS NOT (NEW.status = 'postponed')
  OR OLD.opponent_id IS NOT NEW.opponent_id OR OLD.competition_id IS NOT NEW.competition_id OR OLD.is_home IS NOT NEW.is_home)
BEGIN
  UPDATE matches SET sequence = OLD.sequence + 1, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = NEW.id;
END;
