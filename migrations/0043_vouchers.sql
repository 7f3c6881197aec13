-- Access vouchers (the console's /admin/vouchers, redeemed on the site by POST /api/vouchers/redeem).
--
-- A batch is what staff issue at once: a name saying who it is for, the entitlement codes each of
-- its codes grants, the period counted from redemption, and the last moment a code may be
-- redeemed. Revoking a batch sets `revoked_at`: its unused codes are refused from then on, while
-- access already redeemed stays (it is a grant of its own, access_grants with source 'voucher').
CREATE TABLE voucher_batches (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  entitlements TEXT NOT NULL,                  -- JSON array of entitlement codes
  period_days INTEGER NOT NULL CHECK (period_days BETWEEN 1 AND 366),
  redeem_by TEXT NOT NULL,                     -- ISO instant, exclusive: the start of the London day after the date chosen
  created_by TEXT NOT NULL,                    -- the staff member's ssoID
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  revoked_at TEXT,
  revoked_by TEXT
);

-- One row per code, stored without dashes in upper case (src/domain/vouchers.ts normaliseVoucherCode),
-- so a typed code is one lookup of the unique index. A redemption sets redeemed_by/at with a
-- conditional UPDATE (… WHERE redeemed_at IS NULL) in the same batch as its grant, so a code is
-- redeemed once however many requests race; `grant_id` is the first access_grants row it made.
CREATE TABLE voucher_codes (
  id INTEGER PRIMARY KEY,
  batch_id INTEGER NOT NULL REFERENCES voucher_batches(id) ON DELETE CASCADE,
  code TEXT NOT NULL UNIQUE,
  redeemed_by INTEGER REFERENCES accounts(id) ON DELETE SET NULL,
  redeemed_at TEXT,
  grant_id INTEGER REFERENCES access_grants(id) ON DELETE SET NULL
);
CREATE INDEX voucher_codes_batch ON voucher_codes (batch_id, id);
