-- Rovers TV on demand: a video file uploaded by staff (R2 multipart), the job that transcodes it,
-- and the HLS media the job made. The console uploads, a transcoder claims the job over
-- /api/transcoder, and the gate (/media/vod) serves a catalogue video from its media once ready.
-- docs/decisions/2026-11-29-videos-transcoded-from-r2.md says why the data has this shape.

-- An upload in progress. Nothing of it is a source until it completes: an aborted or failed
-- upload deletes this row and its parts, and aborts the R2 multipart upload.
CREATE TABLE video_uploads (
  id TEXT PRIMARY KEY,                    -- random, what the console names it by
  object_key TEXT NOT NULL UNIQUE,        -- sources/{source id}: where the file will be in R2
  r2_upload_id TEXT NOT NULL,             -- R2's multipart upload id
  file_name TEXT NOT NULL,
  bytes INTEGER NOT NULL CHECK (bytes > 0),  -- the size the client declared; the parts must add up to it
  part_size INTEGER NOT NULL CHECK (part_size > 0),
  -- The type read from the first part's bytes (src/domain/video-upload.ts); null until part 1 arrives.
  sniffed_type TEXT CHECK (sniffed_type IN ('video/mp4', 'video/quicktime', 'video/x-matroska')),
  created_by TEXT NOT NULL,               -- staff:<ssoID>
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- The parts R2 holds, with their etags: R2's binding cannot list the parts of an upload, and a
-- client resuming after a dropped connection asks which are there.
CREATE TABLE video_upload_parts (
  upload_id TEXT NOT NULL REFERENCES video_uploads(id) ON DELETE CASCADE,
  part_number INTEGER NOT NULL CHECK (part_number BETWEEN 1 AND 10000),
  etag TEXT NOT NULL,
  bytes INTEGER NOT NULL CHECK (bytes > 0),
  PRIMARY KEY (upload_id, part_number)
);

-- A complete video file in R2, as uploaded.
CREATE TABLE video_sources (
  id TEXT PRIMARY KEY,
  object_key TEXT NOT NULL UNIQUE,
  file_name TEXT NOT NULL,
  content_type TEXT NOT NULL CHECK (content_type IN ('video/mp4', 'video/quicktime', 'video/x-matroska')),
  bytes INTEGER NOT NULL CHECK (bytes > 0),
  uploaded_by TEXT NOT NULL,
  uploaded_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- One job per source. queued → transcoding (a transcoder holds the lease, heartbeats move
-- `progress` and `lease_expires_at`) → ready | failed. A lease that runs out makes the job
-- claimable again; each claim counts an attempt, and past `max_attempts` the job fails.
CREATE TABLE transcode_jobs (
  id TEXT PRIMARY KEY,
  source_id TEXT NOT NULL UNIQUE REFERENCES video_sources(id),
  status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'transcoding', 'ready', 'failed')),
  progress REAL NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  max_attempts INTEGER NOT NULL DEFAULT 3 CHECK (max_attempts >= 1),
  lease_owner TEXT,                       -- the transcoder's name, for people reading the table
  lease_id TEXT,                          -- random per claim: what heartbeats and completion present
  lease_expires_at INTEGER,               -- unix ms
  failure_reason TEXT,
  output_prefix TEXT NOT NULL,            -- media/{source id}/{job id}/ in R2
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  finished_at TEXT
);
-- The claim's search: the oldest queued job, or a transcoding one whose lease ran out.
CREATE INDEX transcode_jobs_claimable ON transcode_jobs (status, created_at);

-- The media a job made, once ready: an HLS ladder under `prefix` (master.m3u8, {rendition}/index.m3u8).
CREATE TABLE video_media (
  source_id TEXT PRIMARY KEY REFERENCES video_sources(id),
  job_id TEXT NOT NULL UNIQUE REFERENCES transcode_jobs(id),
  prefix TEXT NOT NULL,
  duration_seconds REAL NOT NULL CHECK (duration_seconds > 0),
  width INTEGER NOT NULL CHECK (width >= 0),   -- the largest rendition's; 0 for audio only
  height INTEGER NOT NULL CHECK (height >= 0),
  -- JSON [{name, width, height, bandwidth, codecs}] (src/domain/video-ladder.ts); audio-only has width 0
  renditions TEXT NOT NULL,
  poster TEXT NOT NULL,                   -- file names under prefix
  storyboard_image TEXT NOT NULL,
  storyboard_track TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- A catalogue video plays its source's media once ready; until then it is 'processing'. Null:
-- no media yet (a video published before its file): the gate answers 409 MEDIA_PROCESSING too.
ALTER TABLE videos ADD COLUMN source_id TEXT REFERENCES video_sources(id);
