-- Failed password checks, per account and address (worker/auth/sign-in-guard.ts). Written only when
-- a password is wrong, read once per attempt: a kick-off's thousands of good sign-ins write nothing
-- here. Both keys are SHA-256 hashes (base64url), so the table holds no email or IP address.
-- The rules that read it are in src/domain/sign-in-backoff.ts.
CREATE TABLE sign_in_failures (
  account TEXT NOT NULL,             -- hash of the lowercased username
  address TEXT NOT NULL,             -- hash of the client's address
  failures INTEGER NOT NULL,         -- failures within the window since the first one
  last_failure_at INTEGER NOT NULL,  -- unix seconds
  PRIMARY KEY (account, address)
) WITHOUT ROWID;

-- Old rows are swept by time.
CREATE INDEX sign_in_failures_by_time ON sign_in_failures (last_failure_at);
