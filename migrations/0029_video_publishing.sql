-- Rovers TV publishing: whether a catalogue video is shown (draft or published, with an embargo
-- and an expiry), its captions and chapters, and what the gate counts of it (plays, seconds watched).
-- The rule that reads the three publication columns is src/domain/video-publication.ts.

-- Existing rows are published with neither bound: the catalogue reads exactly as before.
ALTER TABLE videos ADD COLUMN publication_status TEXT NOT NULL DEFAULT 'published' CHECK (publication_status IN ('draft', 'published'));
-- ISO 8601 UTC instants ('2026-12-01T18:00:00.000Z'); null: no embargo / never expires.
ALTER TABLE videos ADD COLUMN publish_at TEXT;
ALTER TABLE videos ADD COLUMN expires_at TEXT;

-- Uploaded WebVTT files, one per language; the gate lists them in the master playlist as subtitles.
CREATE TABLE video_captions (
  video_id INTEGER NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  language TEXT NOT NULL,                 -- BCP 47 ('en', 'en-GB', 'cy')
  label TEXT NOT NULL,                    -- what the player's menu shows ('English')
  object_key TEXT NOT NULL UNIQUE,        -- captions/{entry id}/{language}-{random}.vtt in R2
  bytes INTEGER NOT NULL CHECK (bytes > 0),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (video_id, language)
);

-- Optional chapters: a start (whole seconds) and a title, strictly increasing per video.
CREATE TABLE video_chapters (
  video_id INTEGER NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  start_seconds INTEGER NOT NULL CHECK (start_seconds >= 0),
  title TEXT NOT NULL,
  PRIMARY KEY (video_id, start_seconds)
);

-- A play: one per playback token whose master playlist the gate served (the token's hash, never
-- the token). Counted with COUNT(*) per video; INSERT OR IGNORE makes a reloaded master free.
CREATE TABLE video_plays (
  token_hash TEXT PRIMARY KEY,
  video_id INTEGER NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  played_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX video_plays_video ON video_plays (video_id);

-- Seconds watched per video, added from the signed-in player's position reports
-- (src/domain/video-watch.ts bounds each addition by the wall time since the last report).
CREATE TABLE video_watch_totals (
  video_id INTEGER PRIMARY KEY REFERENCES videos(id) ON DELETE CASCADE,
  seconds_watched INTEGER NOT NULL DEFAULT 0 CHECK (seconds_watched >= 0)
);
