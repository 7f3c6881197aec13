-- Login tokens already spent on a sign-in (a login token works once). One row per token
-- id (its jti, or a hash of the token) until the token would have expired anyway.
CREATE TABLE used_login_tokens (
  token_id TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
);
CREATE INDEX used_login_tokens_expiry ON used_login_tokens (expires_at);
