-- Tracking events (spec §3 'Tracking event'; advertImpression and advertClick) taken by
-- POST /api/events when no Workers Analytics Engine binding is configured. Only events the
-- browser sent after analytics consent ever arrive here (src/domain/consent.ts).
CREATE TABLE tracking_events (
  id INTEGER PRIMARY KEY,
  received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  action TEXT NOT NULL,
  channel TEXT NOT NULL,
  domain TEXT NOT NULL,
  log_id INTEGER NOT NULL,
  screensize TEXT NOT NULL,
  sso_vendor TEXT NOT NULL,
  user_agent TEXT NOT NULL,
  session_id TEXT NOT NULL,
  sso_id TEXT NOT NULL,
  event_time TEXT NOT NULL,
  url TEXT NOT NULL,
  user_allow_tracking INTEGER NOT NULL CHECK (user_allow_tracking IN (0, 1)),
  advert_id INTEGER,
  advert_name TEXT,
  advert_ref TEXT,
  campaign_ref TEXT
);
CREATE INDEX tracking_events_action_time ON tracking_events (action, received_at);
CREATE INDEX tracking_events_advert ON tracking_events (advert_id, action) WHERE advert_id IS NOT NULL;
