-- Club-managed content: teams, fixtures, news, the CMS page tree, sponsors, adverts,
-- the Rovers TV catalogue, packages and prices, FAQs, live assets and web settings.
-- Booleans are INTEGER 0/1; timestamps are ISO 8601 UTC text ('2024-11-20T15:00:00.000Z');
-- lists (entitlements, benefits) are JSON text.

-- ---------------------------------------------------------------- teams and seasons

CREATE TABLE teams (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,               -- '' is the men's first team (spec §2)
  name TEXT NOT NULL,
  short_name TEXT NOT NULL,
  show_on_matches INTEGER NOT NULL DEFAULT 1 CHECK (show_on_matches IN (0, 1)),
  show_on_teams INTEGER NOT NULL DEFAULT 1 CHECK (show_on_teams IN (0, 1)),
  external_team_page TEXT,
  external_match_page TEXT,
  is_single_group INTEGER NOT NULL DEFAULT 0 CHECK (is_single_group IN (0, 1)),
  display_position_on_card INTEGER NOT NULL DEFAULT 1 CHECK (display_position_on_card IN (0, 1)),
  is_mini_card INTEGER NOT NULL DEFAULT 0 CHECK (is_mini_card IN (0, 1)),
  show_team_overview INTEGER NOT NULL DEFAULT 1 CHECK (show_team_overview IN (0, 1)),
  child_friendly INTEGER NOT NULL DEFAULT 0 CHECK (child_friendly IN (0, 1)),
  image_key TEXT NOT NULL,
  sort_order INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE seasons (
  id INTEGER PRIMARY KEY,
  year INTEGER NOT NULL UNIQUE,            -- start year: 2024
  slug TEXT NOT NULL UNIQUE,               -- '2024-25'
  name TEXT NOT NULL                       -- '2024/25'
);

CREATE TABLE players (
  id INTEGER PRIMARY KEY,
  team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  slug TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  position TEXT NOT NULL CHECK (position IN ('Goalkeeper', 'Defender', 'Midfielder', 'Forward')),
  squad_number INTEGER,
  nationality TEXT NOT NULL,
  date_of_birth TEXT NOT NULL,             -- YYYY-MM-DD
  joined TEXT NOT NULL,                    -- YYYY-MM-DD
  image_key TEXT NOT NULL,
  bio TEXT NOT NULL DEFAULT '',
  appearances INTEGER NOT NULL DEFAULT 0,
  goals INTEGER NOT NULL DEFAULT 0,
  UNIQUE (team_id, slug)
);

-- ---------------------------------------------------------------- fixtures and results

CREATE TABLE competitions (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('league', 'cup', 'friendly'))
);

CREATE TABLE opponents (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  short_name TEXT NOT NULL,
  venue TEXT NOT NULL,
  image_key TEXT NOT NULL
);

CREATE TABLE matches (
  id INTEGER PRIMARY KEY,
  team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  season_id INTEGER NOT NULL REFERENCES seasons(id),
  competition_id INTEGER NOT NULL REFERENCES competitions(id),
  opponent_id INTEGER NOT NULL REFERENCES opponents(id),
  is_home INTEGER NOT NULL CHECK (is_home IN (0, 1)),
  venue TEXT NOT NULL,
  kickoff TEXT NOT NULL,                   -- ISO 8601 UTC
  status TEXT NOT NULL CHECK (status IN ('fixture', 'result', 'postponed')),
  goals_for INTEGER,
  goals_against INTEGER,
  attendance INTEGER,
  report TEXT
);
-- fixtures(team, season) and the match centre's "latest or next" both walk this index.
CREATE INDEX matches_team_season_kickoff ON matches (team_id, season_id, kickoff);

-- ---------------------------------------------------------------- news

CREATE TABLE news_categories (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE news (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  summary TEXT NOT NULL,
  body_html TEXT NOT NULL,                 -- CMS HTML: sanitised when read (worker/html/sanitize-html.ts)
  author TEXT NOT NULL,
  published_at TEXT NOT NULL,              -- ISO 8601 UTC
  image_key TEXT NOT NULL,
  featured INTEGER NOT NULL DEFAULT 0 CHECK (featured IN (0, 1)),
  match_id INTEGER REFERENCES matches(id) ON DELETE SET NULL
);
CREATE INDEX news_published_at ON news (published_at DESC);
CREATE INDEX news_featured ON news (featured, published_at DESC);

CREATE TABLE news_category (
  news_id INTEGER NOT NULL REFERENCES news(id) ON DELETE CASCADE,
  category_id INTEGER NOT NULL REFERENCES news_categories(id) ON DELETE CASCADE,
  PRIMARY KEY (news_id, category_id)
);
CREATE INDEX news_category_by_category ON news_category (category_id, news_id);

-- Full-text search over news (search overlay); an external-content table kept in sync by triggers.
CREATE VIRTUAL TABLE news_fts USING fts5(
  title, summary, body_html,
  content = 'news', content_rowid = 'id',
  tokenize = 'porter unicode61'
);

CREATE TRIGGER news_fts_after_insert AFTER INSERT ON news BEGIN
  INSERT INTO news_fts (rowid, title, summary, body_html)
  VALUES (new.id, new.title, new.summary, new.body_html);
END;

CREATE TRIGGER news_fts_after_delete AFTER DELETE ON news BEGIN
  INSERT INTO news_fts (news_fts, rowid, title, summary, body_html)
  VALUES ('delete', old.id, old.title, old.summary, old.body_html);
END;

CREATE TRIGGER news_fts_after_update AFTER UPDATE OF title, summary, body_html ON news BEGIN
  INSERT INTO news_fts (news_fts, rowid, title, summary, body_html)
  VALUES ('delete', old.id, old.title, old.summary, old.body_html);
  INSERT INTO news_fts (rowid, title, summary, body_html)
  VALUES (new.id, new.title, new.summary, new.body_html);
END;

-- ---------------------------------------------------------------- CMS page tree (spec §3 'Menu page')

CREATE TABLE menu_pages (
  id INTEGER PRIMARY KEY,                  -- postID
  parent_id INTEGER REFERENCES menu_pages(id) ON DELETE CASCADE,
  post_title TEXT NOT NULL,
  post_status TEXT NOT NULL DEFAULT 'Published' CHECK (post_status IN ('Published', 'Draft')),
  page_template TEXT NOT NULL DEFAULT 'Default' CHECK (page_template IN ('Hub', 'Landing', 'Default')),
  menu_layout TEXT NOT NULL DEFAULT 'auto-only-menu'
    CHECK (menu_layout IN ('component-menu', 'full-menu', 'feature-menu', 'auto-only-menu')),
  page_order INTEGER NOT NULL DEFAULT 0,
  page_slug TEXT NOT NULL,
  full_path TEXT NOT NULL UNIQUE,          -- 'club-information/contact-us', no leading or trailing slash
  nested_level INTEGER NOT NULL DEFAULT 0,
  post_type TEXT NOT NULL DEFAULT 'internal' CHECK (post_type IN ('internal', 'external')),
  external_url TEXT,
  new_tab INTEGER NOT NULL DEFAULT 0 CHECK (new_tab IN (0, 1)),
  link_slug TEXT,
  icon TEXT,
  custom_class TEXT,
  in_menu INTEGER NOT NULL DEFAULT 1 CHECK (in_menu IN (0, 1)),  -- legal and return pages stay out of the nav
  body_html TEXT NOT NULL DEFAULT '',
  hero_image_key TEXT,
  redirect_location TEXT,                  -- set: the page is a redirect (path or absolute URL)
  redirect_status INTEGER CHECK (redirect_status IS NULL OR redirect_status BETWEEN 300 AND 308)
);
CREATE INDEX menu_pages_parent ON menu_pages (parent_id, page_order);

-- ---------------------------------------------------------------- sponsors

CREATE TABLE sponsors (
  id INTEGER PRIMARY KEY,                  -- sponsorID
  campaign_id INTEGER,
  admin_name TEXT NOT NULL,
  title TEXT NOT NULL,
  url TEXT NOT NULL,
  image_key TEXT NOT NULL,
  media_library_id INTEGER,
  published INTEGER NOT NULL DEFAULT 1 CHECK (published IN (0, 1)),
  forced_order INTEGER NOT NULL DEFAULT 0,
  is_child_friendly INTEGER NOT NULL DEFAULT 1 CHECK (is_child_friendly IN (0, 1))
);

CREATE TABLE sponsor_rows (
  id INTEGER PRIMARY KEY,                  -- rowID
  admin_name TEXT NOT NULL,
  title TEXT NOT NULL,
  title_size TEXT NOT NULL DEFAULT 'h4',
  sponsor_size TEXT NOT NULL CHECK (sponsor_size IN ('large', 'small')),
  forced_order INTEGER NOT NULL DEFAULT 0,
  area TEXT NOT NULL DEFAULT 'footer'
);

CREATE TABLE sponsor_row_sponsors (
  row_id INTEGER NOT NULL REFERENCES sponsor_rows(id) ON DELETE CASCADE,
  sponsor_id INTEGER NOT NULL REFERENCES sponsors(id) ON DELETE CASCADE,
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (row_id, sponsor_id)
);

CREATE TABLE header_sponsors (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  image_key TEXT NOT NULL,                 -- imgLocation
  sponsor_url TEXT NOT NULL,
  child_friendly INTEGER NOT NULL DEFAULT 1 CHECK (child_friendly IN (0, 1)),
  position INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE section_sponsors (
  id INTEGER PRIMARY KEY,
  section_id TEXT NOT NULL,
  name TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('app', 'web')),
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  sponsor_id INTEGER NOT NULL REFERENCES sponsors(id) ON DELETE CASCADE
);

-- ---------------------------------------------------------------- adverts and overlay promos

-- Newer advert form of spec §3 (src/schemas/shell.ts advertSchema).
CREATE TABLE adverts (
  id INTEGER PRIMARY KEY,
  advert_name TEXT NOT NULL,
  advert_ref TEXT NOT NULL,
  campaign_ref TEXT NOT NULL,
  advert_title TEXT NOT NULL DEFAULT '',
  url TEXT,
  enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  channel TEXT NOT NULL DEFAULT '' CHECK (channel IN ('', 'web', 'app')),
  child_friendly INTEGER NOT NULL DEFAULT 0 CHECK (child_friendly IN (0, 1)),
  start_utc TEXT NOT NULL,
  end_utc TEXT NOT NULL,
  mobile_image_key TEXT,
  mobile_image_size TEXT,                  -- '750x750'
  desktop_image_key TEXT,
  desktop_image_size TEXT,
  slot_type TEXT NOT NULL CHECK (slot_type IN ('mpu', 'banner', 'banner-large', 'content-feed'))
);

CREATE TABLE overlay_promos (
  id INTEGER PRIMARY KEY,                  -- promoID
  start_date_time TEXT NOT NULL,
  end_date_time TEXT NOT NULL,
  type TEXT NOT NULL DEFAULT 'Default' CHECK (type IN ('Default', 'Mini')),
  url TEXT NOT NULL,
  web_new_window INTEGER NOT NULL DEFAULT 0 CHECK (web_new_window IN (0, 1)),
  image_key TEXT NOT NULL,
  image_alt_text TEXT NOT NULL DEFAULT '',
  child_friendly INTEGER NOT NULL DEFAULT 1 CHECK (child_friendly IN (0, 1)),
  channel TEXT NOT NULL DEFAULT 'Web'
);

-- ---------------------------------------------------------------- Rovers TV catalogue

CREATE TABLE video_categories (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  order_position INTEGER NOT NULL DEFAULT 0,
  image_key TEXT NOT NULL,
  title_visibility INTEGER NOT NULL DEFAULT 1 CHECK (title_visibility IN (0, 1)),
  link TEXT
);

CREATE TABLE videos (
  id INTEGER PRIMARY KEY,
  entry_id TEXT NOT NULL UNIQUE,           -- the player opens /videos/{entryId}
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  duration_seconds INTEGER NOT NULL CHECK (duration_seconds >= 0),
  entitlements TEXT NOT NULL DEFAULT '[]', -- SysEntryEntitlements, JSON array
  thumbnail_key TEXT NOT NULL,
  created_at TEXT NOT NULL,
  release_from TEXT NOT NULL,              -- search results sort on releaseFrom
  category_id INTEGER NOT NULL REFERENCES video_categories(id),
  team_id INTEGER REFERENCES teams(id) ON DELETE SET NULL,
  season_id INTEGER REFERENCES seasons(id),
  match_id INTEGER REFERENCES matches(id) ON DELETE SET NULL,
  tags TEXT NOT NULL DEFAULT '',
  featured INTEGER NOT NULL DEFAULT 0 CHECK (featured IN (0, 1))
);
CREATE INDEX videos_category_created ON videos (category_id, created_at DESC);
CREATE INDEX videos_created ON videos (created_at DESC);

CREATE TABLE feeds (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL
);

CREATE TABLE feed_sections (
  id INTEGER PRIMARY KEY,
  feed_id INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
  section_key TEXT NOT NULL,
  title TEXT NOT NULL,
  category_id INTEGER NOT NULL REFERENCES video_categories(id),
  position INTEGER NOT NULL DEFAULT 0,
  item_limit INTEGER NOT NULL DEFAULT 10,
  carousel_type TEXT NOT NULL DEFAULT 'full-4' CHECK (carousel_type IN ('full-6', 'full-4', 'full-3')),
  carousel_style TEXT NOT NULL DEFAULT 'dark' CHECK (carousel_style IN ('light', 'dark')),
  UNIQUE (feed_id, section_key)
);

-- Tier definitions (spec §3 'Video membership').
CREATE TABLE memberships (
  id INTEGER PRIMARY KEY,                  -- membershipID
  title TEXT NOT NULL,
  mapped_entitlements TEXT NOT NULL DEFAULT '[]',
  order_position INTEGER NOT NULL DEFAULT 0,
  button_text TEXT NOT NULL,
  button_link TEXT NOT NULL,
  login_button_text TEXT NOT NULL,
  locked_video_title TEXT NOT NULL,
  locked_video_message TEXT NOT NULL,
  benefits TEXT NOT NULL DEFAULT '[]',
  ios_benefits TEXT NOT NULL DEFAULT '[]',
  android_benefits TEXT NOT NULL DEFAULT '[]',
  description TEXT NOT NULL DEFAULT '',
  background_colour TEXT NOT NULL,
  text_colour TEXT NOT NULL,
  logo_key TEXT NOT NULL,
  render_label INTEGER NOT NULL DEFAULT 1 CHECK (render_label IN (0, 1)),
  display_image INTEGER NOT NULL DEFAULT 1 CHECK (display_image IN (0, 1)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- ---------------------------------------------------------------- packages and prices (spec §3, §9)

CREATE TABLE packages (
  id TEXT PRIMARY KEY,
  mode TEXT NOT NULL CHECK (mode IN ('light', 'dark')),
  package_type TEXT NOT NULL CHECK (package_type IN ('membership', 'match-pass')),
  title TEXT NOT NULL,
  description TEXT NOT NULL,               -- CMS HTML
  successful_payment_page TEXT NOT NULL DEFAULT '/payment-successful',
  cancelled_payment_page TEXT NOT NULL DEFAULT '/payment-cancelled',
  display_type TEXT NOT NULL DEFAULT 'icon-only' CHECK (display_type IN ('icon-only', 'background-image')),
  icon TEXT NOT NULL DEFAULT '',
  custom_label TEXT,
  style_mode TEXT NOT NULL DEFAULT 'dark',
  image_key TEXT NOT NULL,
  background_image_key TEXT,
  order_position INTEGER NOT NULL DEFAULT 0,
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  match_id INTEGER REFERENCES matches(id) ON DELETE SET NULL
);

CREATE TABLE prices (
  id TEXT PRIMARY KEY,                     -- the card provider's price id
  package_id TEXT NOT NULL REFERENCES packages(id) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('recurring', 'one_time')),
  interval TEXT CHECK (interval IS NULL OR interval IN ('month', 'year')),
  amount_pence INTEGER NOT NULL CHECK (amount_pence >= 0),
  currency TEXT NOT NULL DEFAULT 'gbp',
  price_display TEXT NOT NULL,
  offer TEXT,
  further_information TEXT NOT NULL DEFAULT '',  -- CMS HTML
  backside_text TEXT NOT NULL DEFAULT '',        -- CMS HTML
  entitlements TEXT NOT NULL DEFAULT '[]',       -- accessData.entitlements, JSON array
  position INTEGER NOT NULL DEFAULT 0,
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1))
);
CREATE INDEX prices_package ON prices (package_id, position);

-- ---------------------------------------------------------------- FAQs

CREATE TABLE faq_groups (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  scope TEXT NOT NULL DEFAULT 'videos' CHECK (scope IN ('videos', 'streamer')),
  position INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE faq_questions (
  id INTEGER PRIMARY KEY,
  group_id INTEGER NOT NULL REFERENCES faq_groups(id) ON DELETE CASCADE,
  heading TEXT NOT NULL,
  body_html TEXT NOT NULL,                 -- CMS HTML
  position INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX faq_questions_group ON faq_questions (group_id, position);

-- ---------------------------------------------------------------- live streams

CREATE TABLE live_stream_assets (
  id TEXT PRIMARY KEY,                     -- assetID of /live/{mediaType}/{assetID}
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  media_type TEXT NOT NULL CHECK (media_type IN ('audio', 'video')),
  status TEXT NOT NULL CHECK (status IN ('idle', 'active', 'disabled')),
  poster_image_key TEXT NOT NULL,
  offline_image_key TEXT NOT NULL,
  playback_id TEXT NOT NULL,
  entitlements TEXT NOT NULL DEFAULT '[]',
  starts_at TEXT,
  match_id INTEGER REFERENCES matches(id) ON DELETE SET NULL,
  position INTEGER NOT NULL DEFAULT 0
);

-- ---------------------------------------------------------------- web settings

CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
