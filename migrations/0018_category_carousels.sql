-- Video category carousels on the video home (spec §2 Shared widgets 'Video carousel with category
-- cards', types full-6, full-4, full-3, styles light or dark; §5 restricts both to those values).
--
-- A feed section is either a rail of one category's videos (kind 'videos', as before) or a carousel
-- of the video category cards (kind 'categories'), which belongs to no one category. SQLite cannot
-- drop a NOT NULL, so the table is rebuilt; nothing references feed_sections.
CREATE TABLE feed_sections_new (
  id INTEGER PRIMARY KEY,
  feed_id INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
  section_key TEXT NOT NULL,
  title TEXT NOT NULL,
  kind TEXT NOT NULL DEFAULT 'videos' CHECK (kind IN ('videos', 'categories')),
  category_id INTEGER REFERENCES video_categories(id),
  position INTEGER NOT NULL DEFAULT 0,
  item_limit INTEGER NOT NULL DEFAULT 10,
  carousel_type TEXT NOT NULL DEFAULT 'full-4' CHECK (carousel_type IN ('full-6', 'full-4', 'full-3')),
  carousel_style TEXT NOT NULL DEFAULT 'dark' CHECK (carousel_style IN ('light', 'dark')),
  UNIQUE (feed_id, section_key),
  -- a videos section shows one category's videos; a categories section every category
  CHECK ((kind = 'videos') = (category_id IS NOT NULL))
);
INSERT INTO feed_sections_new (id, feed_id, section_key, title, kind, category_id, position, item_limit, carousel_type, carousel_style)
  SELECT id, feed_id, section_key, title, 'videos', category_id, position, item_limit, carousel_type, carousel_style FROM feed_sections;
DROP TABLE feed_sections;
ALTER TABLE feed_sections_new RENAME TO feed_sections;
