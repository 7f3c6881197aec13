-- Live to replay: when a live event ends, its recording (every run's init and segments, kept in R2
-- under live/{event}/ by the ingest) becomes a Rovers TV video through the on-demand pipeline.
-- The flow is in docs/media-and-live.md#replays; the rules in src/domain/live-replay.ts.

-- What happens to the recording when staff end the event: 'auto' (the replay is made and published
-- by itself once transcoded), 'staff' (made when staff ask, published by staff), 'none'. Audio
-- events have no replay: the ladder is made for a picture (docs/media-and-live.md#replays).
ALTER TABLE live_stream_assets ADD COLUMN replay_mode TEXT NOT NULL DEFAULT 'staff' CHECK (replay_mode IN ('auto', 'staff', 'none'));
UPDATE live_stream_assets SET replay_mode = 'none' WHERE media_type = 'audio';
-- The marks staff set on the recording (seconds from its start, the runs laid end to end); null: its start / its end.
ALTER TABLE live_stream_assets ADD COLUMN replay_start_seconds REAL;
ALTER TABLE live_stream_assets ADD COLUMN replay_end_seconds REAL;

-- A source that is a live event's recording rather than an uploaded file: the event, and what the
-- transcoder downloads (each run inside the marks as one fMP4: its init and the segments the trim
-- needs, with their sizes) and where it trims, as JSON (src/domain/live-replay.ts RecordingSource).
-- Null: an uploaded file, stored whole under object_key.
ALTER TABLE video_sources ADD COLUMN recording_event_id TEXT REFERENCES live_stream_assets(id);
ALTER TABLE video_sources ADD COLUMN recording TEXT;
-- 1: the catalogue video playing this source is published the moment its media is ready (a replay
-- the event makes by itself); 0: staff publish it from its console page, as with an upload.
ALTER TABLE video_sources ADD COLUMN publish_when_ready INTEGER NOT NULL DEFAULT 0 CHECK (publish_when_ready IN (0, 1));
CREATE INDEX video_sources_recording_event ON video_sources (recording_event_id) WHERE recording_event_id IS NOT NULL;
