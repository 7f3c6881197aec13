-- Articles: every news story's working copy, written in the console (worker/news/articles.ts).
-- The public `news` table stays the published projection: publishing copies an article into
-- `news` (and `news_category`) in one batch, unpublishing deletes it from there, so every public
-- read, the search index (its triggers) and the sitemap see published stories only, and a draft
-- cannot leak through a query that forgot a WHERE. An article and its news row share one id.
CREATE TABLE articles (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  summary TEXT NOT NULL DEFAULT '',
  body_html TEXT NOT NULL DEFAULT '',          -- sanitised on write and again on read
  author TEXT NOT NULL DEFAULT '',
  image_key TEXT NOT NULL DEFAULT '',          -- the hero image's key ('': news-{id}); the seam for a media library id
  featured INTEGER NOT NULL DEFAULT 0 CHECK (featured IN (0, 1)),
  category_ids TEXT NOT NULL DEFAULT '[]',     -- JSON array of news_categories ids
  related_ids TEXT NOT NULL DEFAULT '[]',      -- JSON array of article ids, chosen by the editor
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'scheduled', 'published', 'unpublished')),
  publish_at TEXT,                             -- ISO 8601 UTC: when a scheduled article goes live
  published_at TEXT,                           -- first publication (the public date; an update keeps it)
  -- A published article's saved edits that are not live yet (they go live on 'Update').
  pending INTEGER NOT NULL DEFAULT 0 CHECK (pending IN (0, 1)),
  version INTEGER NOT NULL DEFAULT 1,          -- bumped on every write; a save names the one it started from
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_by TEXT NOT NULL DEFAULT ''          -- the audit actor of the last write
);
-- The scheduler's question: what is due, soonest first.
CREATE INDEX articles_due ON articles (status, publish_at);
CREATE INDEX articles_by_update ON articles (updated_at DESC, id DESC);

-- Slugs an article had before (its slug is fixed once published; renaming it is an explicit act
-- that keeps the old one here): /news/{old} answers 301 to the article's current address.
CREATE TABLE article_slugs (
  slug TEXT PRIMARY KEY,
  article_id INTEGER NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
  retired_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) WITHOUT ROWID;

-- Every save, publish and restore: the article's fields as they were written, for compare and restore.
CREATE TABLE article_revisions (
  id INTEGER PRIMARY KEY,
  article_id INTEGER NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
  version INTEGER NOT NULL,
  action TEXT NOT NULL,                        -- create, save, publish, schedule, unpublish, restore…
  snapshot TEXT NOT NULL,                      -- JSON of the article's editable fields
  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  by TEXT NOT NULL
);
CREATE INDEX article_revisions_by_article ON article_revisions (article_id, id DESC);

-- Stories published before the console wrote them come in as published articles. (Rows the demo
-- content or the admin API add to `news` later are taken in the same way when first opened.)
INSERT INTO articles (id, slug, title, summary, body_html, author, image_key, featured, category_ids, status, published_at, updated_by)
SELECT n.id, n.slug, n.title, n.summary, n.body_html, n.author, n.image_key, n.featured,
       COALESCE((SELECT json_group_array(category_id) FROM news_category WHERE news_id = n.id), '[]'),
       'published', n.published_at, 'migration'
FROM news n;
