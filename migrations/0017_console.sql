-- The club's console.
--
-- Staff: an account that may open the console at /admin. Granted and revoked through the admin
-- API (audited); a column rather than a roles table because the session middleware already reads
-- the whole account row on every request that reads the user, so asking costs nothing more.
ALTER TABLE accounts ADD COLUMN staff INTEGER NOT NULL DEFAULT 0 CHECK (staff IN (0, 1));

-- The live stream sessions open right now, one row per session: the worker writes it where the
-- user's StreamSessions object admits the session, and the object deletes it in the same batch
-- that lists the session as released (durable-objects/released-stream-sessions.ts). The console
-- counts viewers and devices here instead of asking every user's object.
CREATE TABLE open_stream_sessions (
  id TEXT PRIMARY KEY,
  asset_id TEXT NOT NULL,
  device TEXT NOT NULL,          -- browser and system, src/domain/device-name.ts
  started_at INTEGER NOT NULL    -- unix ms
);
-- The console's GROUP BY (asset_id, device) reads this index alone.
CREATE INDEX open_stream_sessions_by_stream ON open_stream_sessions (asset_id, device);

-- Session checks refused at the concurrency limit (ERR_54648_1), one row per minute.
CREATE TABLE live_refusals (
  minute INTEGER PRIMARY KEY,    -- unix minutes (ms / 60000, floored)
  refusals INTEGER NOT NULL
);
