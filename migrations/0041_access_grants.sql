-- Supporter care (the console's account page, worker/console/care.ts).
--
-- Access the club grants by hand: complimentary access until a date with a reason, an extension
-- past a subscription's period end (a grant starting where the period ends); a later feature adds
-- vouchers, hence `source` as a column and no CHECK on it. A grant is never deleted: ending one
-- early sets `revoked_at`, so the account page and the audit keep the history.
CREATE TABLE access_grants (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  entitlement TEXT NOT NULL,
  starts_at TEXT NOT NULL,                     -- ISO instant
  ends_at TEXT NOT NULL,                       -- ISO instant, exclusive: the grant ends by itself then
  source TEXT NOT NULL,                        -- 'complimentary' (and the extension's 'extension'); 'voucher' later
  reason TEXT NOT NULL,
  granted_by TEXT NOT NULL,                    -- the staff member's ssoID
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  revoked_at TEXT,
  revoked_by TEXT,
  CHECK (ends_at > starts_at)
);
CREATE INDEX access_grants_account ON access_grants (account_id, ends_at);

-- The account's grants not revoked and not yet ended, as a JSON array of {entitlement, startsAt,
-- endsAt}, rewritten with every grant or revocation: the session reads it with the account in its
-- one D1 read and folds it in by time (src/domain/access-grants.ts), so a grant counts at the
-- next request and ends by itself at its end without anything running.
ALTER TABLE accounts ADD COLUMN granted_access TEXT NOT NULL DEFAULT '[]';

-- Staff's notes on an account, newest first on its page.
CREATE TABLE account_notes (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  body TEXT NOT NULL,
  author TEXT NOT NULL,                        -- the staff member's ssoID
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX account_notes_account ON account_notes (account_id, id);
