-- News search at 50,000 articles: the worker keeps each query's count and first ranked
-- ids (worker/search/news-search.ts) and uses them only while this counter is unchanged. Every
-- write that can change a search answer bumps it, however it was made (the content system writes
-- D1 directly): the news row (indexed text, slug, date, image), its categories, a category's name.
CREATE TABLE news_search_generation (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  generation INTEGER NOT NULL
);
INSERT INTO news_search_generation (id, generation) VALUES (1, 0);

CREATE TRIGGER news_search_generation_news_insert AFTER INSERT ON news BEGIN
  UPDATE news_search_generation SET generation = generation + 1 WHERE id = 1;
END;
CREATE TRIGGER news_search_generation_news_update AFTER UPDATE ON news BEGIN
  UPDATE news_search_generation SET generation = generation + 1 WHERE id = 1;
END;
CREATE TRIGGER news_search_generation_news_delete AFTER DELETE ON news BEGIN
  UPDATE news_search_generation SET generation = generation + 1 WHERE id = 1;
END;
CREATE TRIGGER news_search_generation_category_insert AFTER INSERT ON news_category BEGIN
  UPDATE news_search_generation SET generation = generation + 1 WHERE id = 1;
END;
CREATE TRIGGER news_search_generation_category_update AFTER UPDATE ON news_category BEGIN
  UPDATE news_search_generation SET generation = generation + 1 WHERE id = 1;
END;
CREATE TRIGGER news_search_generation_category_delete AFTER DELETE ON news_category BEGIN
  UPDATE news_search_generation SET generation = generation + 1 WHERE id = 1;
END;
CREATE TRIGGER news_search_generation_categories_update AFTER UPDATE ON news_categories BEGIN
  UPDATE news_search_generation SET generation = generation + 1 WHERE id = 1;
END;
CREATE TRIGGER news_search_generation_categories_delete AFTER DELETE ON news_categories BEGIN
  UPDATE news_search_generation SET generation = generation + 1 WHERE id = 1;
END;

-- Date Added walks this index newest first and stops after the page (ties: newest id first),
-- instead of sorting every match.
CREATE INDEX news_by_date ON news (published_at DESC, id DESC);
