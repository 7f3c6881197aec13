-- Match passes sold from the console's fixture list (/admin/fixtures), mirrored to Stripe.
-- A pass stays a `packages` row of type 'match-pass' with its `prices` rows (what checkout and the
-- webhook already read); these columns add its sale window, its Stripe Product and a version for
-- the console's "someone changed it first" check.

-- The sale window (UTC ISO 8601): the Match passes tab offers the pass from `on_sale_from` until
-- `on_sale_until`. NULL: no bound on that side (the passes made before the console).
ALTER TABLE packages ADD COLUMN on_sale_from TEXT;
ALTER TABLE packages ADD COLUMN on_sale_until TEXT;
-- The Stripe Product mirroring the pass (prod_…); NULL for the passes made before the console,
-- which get one the first time the console changes them.
ALTER TABLE packages ADD COLUMN stripe_product_id TEXT;
-- Moved on by every console write, sent back by the form: a write against an older version is a 409.
ALTER TABLE packages ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
-- When the console archived the pass (it leaves the tab; buyers keep their access).
ALTER TABLE packages ADD COLUMN archived_at TEXT;

-- One pass on sale per match: two staff creating one at once leave one.
CREATE UNIQUE INDEX packages_one_match_pass ON packages (match_id) WHERE package_type = 'match-pass' AND active = 1 AND match_id IS NOT NULL;

-- The development build's offline stand-in for Stripe's catalogue (worker/payments/dev-payments-catalogue.ts):
-- the Products and Prices the console "created", so the dev checkout runs the same code path with
-- no network. Production never writes it (the development kit is not in its bundle).
CREATE TABLE dev_stripe_catalogue (
  id TEXT PRIMARY KEY,                     -- prod_dev_… or price_dev_…
  object TEXT NOT NULL CHECK (object IN ('product', 'price')),
  product TEXT,                            -- a price's product
  name TEXT,                               -- a product's name
  unit_amount INTEGER,                     -- a price's amount in pence
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
