-- Payments: refunds and disputes take back what a payment granted, and every webhook
-- delivery claims its event id first and is logged for the webhook-health console.

-- Which payment each id names. A charge, refund or dispute event names a charge (ch_…), a payment
-- intent (pi_…) and, in older API versions, an invoice (in_…); the checkout and invoice events say
-- what those paid for. `payment_id` is the one-off checkout session (cs_…, a match pass: purchases)
-- or the invoice (in_…, a subscription's payment: stripe_invoices). Every id names itself too.
CREATE TABLE stripe_payment_keys (
  key TEXT PRIMARY KEY,
  payment_id TEXT NOT NULL
);
CREATE INDEX stripe_payment_keys_payment ON stripe_payment_keys (payment_id);

-- A subscription's paid invoices: the latest one pays for the current period, so reversing it
-- takes the subscription's entitlements back (an older, already consumed period's does not).
CREATE TABLE stripe_invoices (
  id TEXT PRIMARY KEY,                 -- in_…
  subscription_id TEXT,                -- null until invoice.paid says it (invoice_payment.paid does not)
  paid_at INTEGER NOT NULL             -- `created` of the first event that reported it paid
);
CREATE INDEX stripe_invoices_subscription ON stripe_invoices (subscription_id, paid_at);

-- Refunds (one row per charge: charge.refunded carries the charge's running total) and disputes
-- (one row per dispute, its latest state by `created`; a closed dispute is final). Stored whether
-- or not the payment is known yet, so a refund that arrives before its checkout still takes the
-- grant back when the checkout comes.
CREATE TABLE stripe_reversals (
  id TEXT PRIMARY KEY,                 -- ch_… for a refund, du_…/dp_… for a dispute
  kind TEXT NOT NULL CHECK (kind IN ('refund', 'dispute')),
  charge_id TEXT,
  payment_intent_id TEXT,
  invoice_id TEXT,
  amount INTEGER NOT NULL,             -- the charge's amount (refund) or the disputed amount
  amount_reversed INTEGER NOT NULL,    -- refunded so far, or disputed
  status TEXT NOT NULL,                -- 'full' | 'partial' (refund); Stripe's dispute status
  takes_back INTEGER NOT NULL CHECK (takes_back IN (0, 1)),
  state_created INTEGER NOT NULL,
  state_rank INTEGER NOT NULL,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX stripe_reversals_charge ON stripe_reversals (charge_id);
CREATE INDEX stripe_reversals_payment_intent ON stripe_reversals (payment_intent_id);
CREATE INDEX stripe_reversals_invoice ON stripe_reversals (invoice_id);

-- The claim: a delivery inserts its event id as 'processing' (or 'ignored') before it applies
-- anything, so a parallel duplicate finds it and answers 'duplicate'. A failed apply deletes its
-- own claim (`claim` token); a claim left 'processing' by a crashed isolate is taken over by a
-- retry after a minute (`claimed_at`, ms). Rows from before this migration were applied.
ALTER TABLE processed_webhook_events ADD COLUMN outcome TEXT NOT NULL DEFAULT 'applied'
  CHECK (outcome IN ('processing', 'applied', 'ignored'));
ALTER TABLE processed_webhook_events ADD COLUMN claim TEXT;
ALTER TABLE processed_webhook_events ADD COLUMN claimed_at INTEGER NOT NULL DEFAULT 0;

-- One row per verified delivery and what became of it, for the webhook-health console (README
-- 'Payments'): ignored types per hour, duplicates per hour, failures. Deliveries refused before
-- this point (bad signature, not an event) write nothing. Rows older than 30 days are deleted by
-- the payments sweep.
CREATE TABLE webhook_deliveries (
  id INTEGER PRIMARY KEY,
  event_id TEXT NOT NULL,
  type TEXT NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('applied', 'ignored', 'duplicate', 'failed')),
  detail TEXT,                         -- why it was ignored, or the failure
  received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX webhook_deliveries_outcome ON webhook_deliveries (outcome, received_at);
CREATE INDEX webhook_deliveries_time ON webhook_deliveries (received_at);
