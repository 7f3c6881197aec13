-- The club's console, 'Subscriptions and revenue'.
--
-- The payments tables said what was bought, not what was paid: a promotion code (FIRSTMONTH) makes
-- a first invoice £0, so the price is not the money. The webhook now keeps the amount Stripe
-- reports (integer minor units, pence), the promotion code a checkout used, and when a purchase was
-- paid and a subscription first seen. Rows from before this migration keep 0 / NULL: they count
-- as sales with no money recorded (the console reads only the last 90 days).
ALTER TABLE purchases ADD COLUMN amount_paid INTEGER NOT NULL DEFAULT 0;   -- checkout's amount_total
ALTER TABLE purchases ADD COLUMN promotion_code TEXT;                       -- the code redeemed at checkout
ALTER TABLE purchases ADD COLUMN paid_at TEXT;                              -- ISO, when it turned paid/active
ALTER TABLE stripe_invoices ADD COLUMN amount_paid INTEGER NOT NULL DEFAULT 0;
ALTER TABLE stripe_subscriptions ADD COLUMN started_at INTEGER;            -- unix s: the first event's `created`

-- Every console query reads a range of one of these, most from the index alone (covering: the
-- plans are in docs/console.md; at 100,000 accounts a table lookup per row doubled the page's time).
CREATE INDEX purchases_paid ON purchases (mode, paid_at, package_id, amount_paid) WHERE paid_at IS NOT NULL;
CREATE INDEX purchases_vouchers ON purchases (paid_at, promotion_code) WHERE promotion_code IS NOT NULL;
CREATE INDEX stripe_invoices_paid ON stripe_invoices (paid_at, amount_paid);
CREATE INDEX stripe_subscriptions_started ON stripe_subscriptions (started_at, account_id);
CREATE INDEX stripe_subscriptions_active ON stripe_subscriptions (status, price_id, cancel_at_period_end, current_period_end);
CREATE INDEX stripe_subscriptions_status ON stripe_subscriptions (status, state_created);
CREATE INDEX stripe_reversals_kind ON stripe_reversals (kind, state_created);
CREATE INDEX accounts_created ON accounts (created_at);

-- Visits for the funnel: one row per session per day seen by a consented tracking event, written
-- as events arrive (worker/events/event-store.ts), whether they go to D1 or to Analytics Engine,
-- and a count per day kept by a trigger on its first insert (a repeat is ignored and fires nothing).
-- Counting distinct sessions over 90 days of raw events costs ~250 ms at 1,000,000 rows; the
-- console reads at most 90 counter rows. Both pruned with the events (90 days).
CREATE TABLE tracking_visits (
  day TEXT NOT NULL,                   -- YYYY-MM-DD (UTC), the day the event was received
  session_id TEXT NOT NULL,
  PRIMARY KEY (day, session_id)
) WITHOUT ROWID;
CREATE TABLE tracking_visit_days (
  day TEXT PRIMARY KEY,
  visits INTEGER NOT NULL
);
CREATE TRIGGER tracking_visits_count AFTER INSERT ON tracking_visits BEGIN
  INSERT INTO tracking_visit_days (day, visits) VALUES (NEW.day, 1)
    ON CONFLICT (day) DO UPDATE SET visits = visits + 1;
END;
