-- The media library: photos the club uploads (src/domain/image-sniff.ts says what a photo is),
-- kept in R2 under `object_key`; each served size is made from it once and stored back in R2
-- under derived/{id}/{version}/ (worker/media-library/). `version` goes up when a change would
-- alter the crops (a new focal point), so every served URL, which names it, stays immutable.
CREATE TABLE media (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  object_key TEXT NOT NULL UNIQUE,
  file_name TEXT NOT NULL,
  content_type TEXT NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp', 'image/avif')),
  width INTEGER NOT NULL CHECK (width > 0),
  height INTEGER NOT NULL CHECK (height > 0),
  bytes INTEGER NOT NULL CHECK (bytes > 0),
  alt TEXT NOT NULL CHECK (length(trim(alt)) > 0),
  -- The subject's place, 0–1 from the left and from the top: every crop keeps it in view.
  focal_x REAL NOT NULL DEFAULT 0.5 CHECK (focal_x BETWEEN 0 AND 1),
  focal_y REAL NOT NULL DEFAULT 0.5 CHECK (focal_y BETWEEN 0 AND 1),
  version INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1),
  -- lower-case alt text and file name: what the console's search matches
  search_text TEXT NOT NULL,
  uploaded_by TEXT NOT NULL,     -- the audit log's actor: staff:<ssoID>
  uploaded_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT
);
-- The library's grid: newest first.
CREATE INDEX media_newest ON media (uploaded_at DESC, id DESC);
