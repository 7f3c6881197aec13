-- Sign-in: site sessions revoked at logout, provider tokens kept for refresh, the admin audit
-- log, sign-in attempt counters, and the users and one-time codes of the embedded dev portal.
-- Times are unix seconds (INTEGER) where the worker compares them, ISO text where people read them.

-- Logout revokes a session server-side: the cookie alone is not enough to stay signed in.
-- Rows can be dropped after expires_at (the session cookie itself has expired by then).
CREATE TABLE revoked_sessions (
  sid TEXT PRIMARY KEY,
  sso_id TEXT NOT NULL,
  revoked_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at INTEGER NOT NULL
);
CREATE INDEX revoked_sessions_expiry ON revoked_sessions (expires_at);

-- What an external provider gave us to refresh or sign out a session (login-portal,
-- sports-alliance). `state` is encrypted with a key derived from SESSION_SECRET.
CREATE TABLE provider_sessions (
  sid TEXT PRIMARY KEY,
  sso_id TEXT NOT NULL,
  provider TEXT NOT NULL,
  state TEXT NOT NULL,
  refresh_after INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX provider_sessions_expiry ON provider_sessions (expires_at);

-- Every call of /api/admin/* (who, what, when, from where), refused ones included.
CREATE TABLE admin_audit_log (
  id INTEGER PRIMARY KEY,
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  target TEXT,
  detail TEXT,                             -- JSON
  status INTEGER NOT NULL,
  ip TEXT NOT NULL,
  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX admin_audit_log_at ON admin_audit_log (at);
CREATE INDEX admin_audit_log_target ON admin_audit_log (target);

-- Fixed-window counters of sign-in attempts ('ip:1.2.3.4', 'user:fan@rovers.test').
CREATE TABLE rate_limits (
  bucket TEXT NOT NULL,
  window_start INTEGER NOT NULL,
  count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (bucket, window_start)
) WITHOUT ROWID;
CREATE INDEX rate_limits_window ON rate_limits (window_start);

-- Embedded dev portal (/sso/*, AUTH_PROVIDER=dev): people who registered there. The six demo
-- accounts are a fixture in code (worker/dev-portal/demo-users.ts), not rows here.
CREATE TABLE dev_portal_users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  forename TEXT NOT NULL DEFAULT '',
  surname TEXT NOT NULL DEFAULT '',
  password_hash TEXT NOT NULL,             -- pbkdf2-sha256$iterations$salt$hash (base64url)
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- One-time codes the dev portal hands back to the site (?code=), stored hashed, used once.
CREATE TABLE dev_portal_codes (
  code_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  client_id TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
