-- Live events are the live streams (live_stream_assets) with an encoder's way in: the ingest
-- service (ingest/) accepts an SRT push whose passphrase is the event's stream key and writes
-- live CMAF HLS to R2 through the worker's ingest API (worker/live-ingest/).
-- Why one table and not a new one: docs/decisions/2026-11-29-live-events-extend-live-streams.md.

-- SHA-256 (hex) of the current stream key; NULL: no key issued yet. The key itself is never stored.
ALTER TABLE live_stream_assets ADD COLUMN ingest_key_hash TEXT;
-- Bumped by each key rotation: the key is derived from it, so the old one stops matching.
ALTER TABLE live_stream_assets ADD COLUMN ingest_key_version INTEGER NOT NULL DEFAULT 0;
-- The event's slot on the ingest service: its SRT port is the base port plus this. NULL until a key is issued.
ALTER TABLE live_stream_assets ADD COLUMN ingest_slot INTEGER;
-- Each push (start of media) is a run; its files are named r{run}-… so a new push never overwrites the last.
ALTER TABLE live_stream_assets ADD COLUMN ingest_run INTEGER NOT NULL DEFAULT 0;
-- The run's latest media playlist as the ingest wrote it (the gate serves it rewritten with tokens),
-- and how far it reaches (media sequence + segments listed): a replayed or older upload never moves it back.
ALTER TABLE live_stream_assets ADD COLUMN playlist TEXT;
ALTER TABLE live_stream_assets ADD COLUMN playlist_position INTEGER NOT NULL DEFAULT 0;
-- Unix ms of the last segment or playlist received: an active event with none for a while reads as idle.
ALTER TABLE live_stream_assets ADD COLUMN last_media_at INTEGER;

CREATE UNIQUE INDEX live_stream_assets_ingest_key ON live_stream_assets (ingest_key_hash) WHERE ingest_key_hash IS NOT NULL;
CREATE UNIQUE INDEX live_stream_assets_ingest_slot ON live_stream_assets (ingest_slot) WHERE ingest_slot IS NOT NULL;
