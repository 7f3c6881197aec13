-- Every transcoder's latest check-in: each poll for work and each heartbeat of a job it runs
-- writes its row, so the console can say whether any transcoder is alive. In D1 rather than KV:
-- a poll every few seconds is a write KV would bill and limit per key, and the console must read
-- the latest check-in (KV's reads may be a minute old, longer than the 2 minutes' silence differs from a poll).
CREATE TABLE transcoders (
  name TEXT PRIMARY KEY,                  -- TRANSCODER_NAME, or its host and process id
  version TEXT NOT NULL,                  -- the transcoder's own version (package.json)
  ffmpeg TEXT NOT NULL,                   -- `ffmpeg -version`'s first line, as reported
  jobs_running INTEGER NOT NULL CHECK (jobs_running >= 0),
  last_seen_at INTEGER NOT NULL           -- unix ms
);
CREATE INDEX transcoders_last_seen ON transcoders (last_seen_at);
