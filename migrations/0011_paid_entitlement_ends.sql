-- Payments: when each payment entitlement ends if nothing renews it.
--
-- A subscription cancelled at period end keeps its entitlements until `current_period_end`, and
-- Stripe deletes it then. The deletion event can be late, so the account also carries the end of
-- every entitlement whose only sources are such subscriptions (a JSON object entitlement -> ISO
-- time; absent means no end), and reading the account drops what has ended (worker/accounts/accounts.ts).
ALTER TABLE accounts ADD COLUMN paid_entitlement_ends TEXT NOT NULL DEFAULT '{}';
