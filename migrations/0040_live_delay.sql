-- How far behind the live edge viewers' pictures are: each playing live player sends, every
-- half-minute, the wall clock minus the program date-time of the frame it shows (the ingest
-- stamps each segment with the wall clock as it packages it). The console's Live streams screen
-- shows the median and 99th percentile of the running push's last ten minutes per event.
CREATE TABLE live_delay_samples (
  -- the viewer's stream session (one per player): at most one sample per session in 20 s
  stream_session TEXT NOT NULL,
  asset_id TEXT NOT NULL,
  -- the event's push (live_stream_assets.ingest_run) the picture came from
  run INTEGER NOT NULL,
  -- unix ms, the worker's clock
  at INTEGER NOT NULL,
  behind_ms INTEGER NOT NULL
);
CREATE INDEX live_delay_samples_asset ON live_delay_samples (asset_id, run, at);
CREATE INDEX live_delay_samples_session ON live_delay_samples (stream_session, at);
CREATE INDEX live_delay_samples_at ON live_delay_samples (at);
