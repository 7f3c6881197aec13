-- Payments: what Stripe said about each subscription, and the entitlements payments grant.
--
-- A subscription's row keeps the newest state Stripe reported, ordered by the event's own `created`
-- time (then by how far along the state is), never by arrival, so shuffled or replayed webhooks
-- end in the same state. A cancelled subscription stays cancelled.
CREATE TABLE stripe_subscriptions (
  id TEXT PRIMARY KEY,                         -- sub_...
  customer_id TEXT,                            -- cus_...
  account_id INTEGER REFERENCES accounts(id) ON DELETE CASCADE,  -- null until the checkout or customer is known
  price_id TEXT,
  status TEXT NOT NULL,                        -- Stripe's status: incomplete, trialing, active, past_due, unpaid, canceled...
  current_period_end TEXT,
  cancel_at_period_end INTEGER NOT NULL DEFAULT 0 CHECK (cancel_at_period_end IN (0, 1)),
  state_created INTEGER NOT NULL,              -- `created` (unix seconds) of the event that set this state
  state_rank INTEGER NOT NULL,                 -- tie-break for events of the same second (src/domain/subscription-state.ts)
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX stripe_subscriptions_account ON stripe_subscriptions (account_id);
CREATE INDEX stripe_subscriptions_customer ON stripe_subscriptions (customer_id);

-- Entitlements granted by payments, kept apart from those the club sets (demo fixture, admin):
-- an account holds the union of both (worker/accounts/accounts.ts), and a webhook recomputes only these.
ALTER TABLE accounts ADD COLUMN paid_entitlements TEXT NOT NULL DEFAULT '[]';
