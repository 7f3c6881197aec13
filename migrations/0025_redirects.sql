-- Redirects the club manages in the console (/admin/redirects): an old path of the site to a new
-- path or an https: URL, 301 or 302. The worker applies one only where the site would answer 404
-- (worker/redirects/), one read by the unique index on from_path. The paths are stored normalised
-- (src/domain/site-redirects.ts); chains and loops are refused when written.
CREATE TABLE redirects (
  id INTEGER PRIMARY KEY,
  from_path TEXT NOT NULL UNIQUE,
  to_location TEXT NOT NULL,
  status INTEGER NOT NULL CHECK (status IN (301, 302)),
  created_by TEXT NOT NULL,      -- the audit log's actor: staff:<ssoID>
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_by TEXT,
  updated_at TEXT
);
-- "Does anything land on this path?" (a chain into a new redirect) reads this index alone.
CREATE INDEX redirects_by_target ON redirects (to_location);
