-- Where each signed-in viewer left each video (a video resumes from the last
-- position, kept on the account when signed in). One row per account and video, overwritten as they watch.
CREATE TABLE playback_positions (
  sso_id TEXT NOT NULL REFERENCES accounts(sso_id) ON DELETE CASCADE,
  entry_id TEXT NOT NULL,
  position_seconds INTEGER NOT NULL CHECK (position_seconds >= 0),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (sso_id, entry_id)
);
