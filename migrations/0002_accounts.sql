-- Rovers Accounts, their purchases and the Stripe webhook events already handled.

CREATE TABLE accounts (
  id INTEGER PRIMARY KEY,
  sso_id TEXT NOT NULL UNIQUE,             -- id from the login portal's token
  email TEXT NOT NULL,
  display_name TEXT NOT NULL DEFAULT '',
  entitlements TEXT NOT NULL DEFAULT '[]', -- JSON array of entitlement codes
  stripe_customer_id TEXT UNIQUE,
  blocked INTEGER NOT NULL DEFAULT 0 CHECK (blocked IN (0, 1)),
  blocked_reason TEXT,                     -- 'administrator' | 'country' (spec §8 ERR_56882466_1/_2)
  bypassed INTEGER NOT NULL DEFAULT 0 CHECK (bypassed IN (0, 1)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX accounts_email ON accounts (email);

CREATE TABLE purchases (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  package_id TEXT NOT NULL REFERENCES packages(id),
  price_id TEXT NOT NULL REFERENCES prices(id),
  mode TEXT NOT NULL CHECK (mode IN ('subscription', 'payment')),
  stripe_session_id TEXT UNIQUE,
  stripe_subscription_id TEXT,
  status TEXT NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'active', 'paid', 'past_due', 'cancelled', 'expired', 'failed')),
  current_period_end TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX purchases_account ON purchases (account_id, status);
CREATE INDEX purchases_subscription ON purchases (stripe_subscription_id);

-- Idempotency of /webhooks/stripe: an event id is handled once.
CREATE TABLE processed_webhook_events (
  event_id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  processed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
