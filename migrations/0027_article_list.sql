-- The console's article list on a large newsroom (docs/performance.md, 'Newsroom'): it reads
-- `articles` alone, newest first by its list time, a page at a time from a cursor (keyset, never
-- OFFSET), so the last page of 50,000 costs what the first does.

-- Every story in `news` is an article. Stories the console did not write (the demo content, a
-- bench's generated rows) become published articles as they arrive, here for those already there
-- and by trigger for those to come, so the list never has to join the two tables.
INSERT INTO articles (id, slug, title, summary, body_html, author, image_key, featured, category_ids, status, published_at, updated_at, updated_by)
SELECT n.id, n.slug, n.title, n.summary, n.body_html, n.author, n.image_key, n.featured,
       COALESCE((SELECT json_group_array(category_id) FROM news_category WHERE news_id = n.id), '[]'),
       'published', n.published_at, n.published_at, 'migration'
FROM news n WHERE NOT EXISTS (SELECT 1 FROM articles a WHERE a.id = n.id);

-- The projection (worker/news/publish.ts) writes news only from an article, so this fires only for
-- rows written straight into news; a slug an article already holds keeps that article.
CREATE TRIGGER news_is_an_article AFTER INSERT ON news
WHEN NOT EXISTS (SELECT 1 FROM articles WHERE id = NEW.id)
BEGIN
  INSERT OR IGNORE INTO articles (id, slug, title, summary, body_html, author, image_key, featured, status, published_at, updated_at, updated_by)
  VALUES (NEW.id, NEW.slug, NEW.title, NEW.summary, NEW.body_html, NEW.author, NEW.image_key, NEW.featured, 'published', NEW.published_at, NEW.published_at, 'migration');
END;

-- Such a story's categories arrive after it: they follow into the article until the console first
-- writes it (an article the console wrote has revisions, and its projection writes these rows).
CREATE TRIGGER news_category_of_an_adopted_article AFTER INSERT ON news_category
WHEN NOT EXISTS (SELECT 1 FROM article_revisions WHERE article_id = NEW.news_id)
BEGIN
  UPDATE articles SET category_ids = (SELECT json_group_array(category_id) FROM news_category WHERE news_id = NEW.news_id) WHERE id = NEW.news_id;
END;

-- The list's order (scheduled: when it goes live; published: when it did; a draft: its last save)
-- with the id as tie-break, and the title, so a search walks the index alone and reads a row only
-- for what it shows; the same by state for the state filter. The expression is the one in
-- worker/news/articles.ts (LIST_KEY): SQLite uses an index on an expression only for that expression.
CREATE INDEX articles_list ON articles (COALESCE(publish_at, published_at, updated_at), id, title);
CREATE INDEX articles_list_by_status ON articles (status, COALESCE(publish_at, published_at, updated_at), id, title);
DROP INDEX articles_by_update;
