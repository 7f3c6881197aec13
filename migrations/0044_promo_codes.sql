-- Promo codes made in the console (/admin/promotions), each mirrored to Stripe as a coupon (the
-- discount and how long it lasts) and its promotion code (what a supporter types at checkout).
-- Stripe decides at checkout whether a code applies; the site keeps the terms it created and the
-- redemptions its webhook saw, for the console.
CREATE TABLE promo_codes (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL,                        -- as staff typed it: letters, digits, dashes (3 to 40)
  percent_off INTEGER CHECK (percent_off BETWEEN 1 AND 100),
  amount_off_pence INTEGER CHECK (amount_off_pence > 0),
  duration TEXT NOT NULL CHECK (duration IN ('once', 'repeating', 'forever')),
  duration_in_months INTEGER CHECK (duration_in_months BETWEEN 1 AND 36),
  first_time_only INTEGER NOT NULL DEFAULT 0 CHECK (first_time_only IN (0, 1)),
  max_redemptions INTEGER,                   -- NULL: no limit
  expires_at TEXT,                           -- UTC ISO, the first instant it no longer works; NULL: no end
  stripe_coupon_id TEXT NOT NULL,
  stripe_promotion_code_id TEXT NOT NULL UNIQUE,
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  deactivated_at TEXT,
  deactivated_by TEXT,                       -- the audit log's actor (staff:{ssoID})
  created_by TEXT NOT NULL,                  -- the audit log's actor
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK ((percent_off IS NULL) <> (amount_off_pence IS NULL)),
  CHECK ((duration = 'repeating') = (duration_in_months IS NOT NULL))
);
-- A code's text names one code for good, whatever its case: a report or a redemption never
-- wonders which of two SUMMER codes it means (Stripe asks it only of the active ones).
CREATE UNIQUE INDEX promo_codes_code ON promo_codes (code COLLATE NOCASE);

-- One row per checkout that redeemed a console code, written by the webhook's batch with the
-- checkout's other writes. The event id is already claimed once (processed_webhook_events); the
-- session id keeps one redemption when two events of one checkout both report it paid
-- (checkout.session.completed, then async_payment_succeeded).
CREATE TABLE promo_redemptions (
  id INTEGER PRIMARY KEY,
  promo_code_id INTEGER NOT NULL REFERENCES promo_codes(id),
  account_id INTEGER REFERENCES accounts(id) ON DELETE SET NULL,
  stripe_session_id TEXT NOT NULL UNIQUE,
  payment_reference TEXT,                    -- the payment intent (a one-off) or first invoice (a subscription)
  discount_pence INTEGER NOT NULL,           -- the session's total_details.amount_discount
  redeemed_at TEXT NOT NULL                  -- UTC ISO, the event's `created`
);
CREATE INDEX promo_redemptions_code ON promo_redemptions (promo_code_id, redeemed_at);

-- The development build's offline stand-in for Stripe's coupons and promotion codes
-- (worker/payments/dev-payments-catalogue.ts): what the console "created", and what the dev
-- checkout checks a typed code against, with Stripe's rules (active, expiry, limits, first-time).
-- Production never writes them (the development kit is not in its bundle).
CREATE TABLE dev_stripe_coupons (
  id TEXT PRIMARY KEY,                       -- coupon_dev_…
  percent_off INTEGER,
  amount_off INTEGER,                        -- pence
  duration TEXT NOT NULL,
  duration_in_months INTEGER,
  max_redemptions INTEGER,
  redeem_by INTEGER,                         -- unix seconds
  times_redeemed INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE TABLE dev_stripe_promotion_codes (
  id TEXT PRIMARY KEY,                       -- promo_dev_…
  coupon TEXT NOT NULL REFERENCES dev_stripe_coupons(id),
  code TEXT NOT NULL,
  first_time_transaction INTEGER NOT NULL DEFAULT 0,
  max_redemptions INTEGER,
  expires_at INTEGER,                        -- unix seconds
  times_redeemed INTEGER NOT NULL DEFAULT 0,
  active INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
-- As Stripe: one active promotion code per code, whatever its case.
CREATE UNIQUE INDEX dev_stripe_promotion_codes_active ON dev_stripe_promotion_codes (code COLLATE NOCASE) WHERE active = 1;
