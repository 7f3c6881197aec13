-- Live stream sessions their user's StreamSessions object has released: timed out,
-- socket closed, or signed out from another device. The live playlist gate reads this table
-- instead of asking the object at every playlist reload, so the object can hibernate between
-- pings (README 'Cost of the Durable Object'). The object writes a row before it forgets the
-- session, so a released session's token stops at its next playlist request. Rows older than a
-- live token (6 h) protect nothing and are deleted as new ones arrive.
CREATE TABLE released_stream_sessions (
  id TEXT PRIMARY KEY,
  released_at INTEGER NOT NULL
);
CREATE INDEX released_stream_sessions_by_time ON released_stream_sessions (released_at);
