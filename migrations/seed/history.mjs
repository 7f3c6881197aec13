/**
 * 90 days of payments and visits history for the console, so every chart of
 * /admin/revenue means something on `npm run dev`: sign-ups, subscriptions (long-standing ones
 * renewing, new ones, some with FIRSTMONTH), cancellations, refunds, match passes for ten matches,
 * voucher redemptions and consented tracking events.
 *
 * Deterministic like the rest of the seed (its own random stream, fixed offsets), but dated
 * relative to the day the seed is APPLIED, not to the demo's fixed "today" (2024-11-21): every
 * time is `SQLite 'now', start of day, + offset`, so the console (which shows the 90 days ending
 * today) has a full window on the day `npm run db:setup` loads it. History ends yesterday; today
 * is left to real activity. See docs/demo-data.md.
 *
 * Only `npm run db:setup` loads it (demo.sql); the worker tests' seed (SEED_SQL) is the content
 * alone, so their counts of accounts and payments are unchanged.
 */
import { createRandom } from "./prng.mjs";
import { insertStatements } from "./sql.mjs";

const DAY = 86_400;
const WINDOW_DAYS = 89; // days -89 .. -1
const PRICES = [
  { id: "price_roverstv_plus_month", packageId: "roverstv-plus", months: 1, pence: 599, weight: 35 },
  { id: "price_roverstv_plus_year", packageId: "roverstv-plus", months: 12, pence: 4499, weight: 15 },
  { id: "price_roverstv_month", packageId: "roverstv", months: 1, pence: 199, weight: 35 },
  { id: "price_roverstv_year", packageId: "roverstv", months: 12, pence: 1499, weight: 15 },
];
const RANK = { active: 3, canceled: 9 };

/** SQL for an offset in seconds from the start of the apply day: ISO text, or unix seconds. */
const iso = (x) => `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', 'start of day', (${x}) || ' seconds')`;
const unixAt = (x) => `(CAST(strftime('%s', 'now', 'start of day') AS INTEGER) + (${x}))`;

/**
 * Rows whose times are offsets: `INSERT … SELECT … FROM json_each('<rows as JSON arrays>')`, each
 * `select` an SQL expression over `v` (the row), in chunks well under D1's statement limit.
 */
function relativeInsert(table, columns, selects, rows, chunk = 400) {
  const statements = [];
  for (let i = 0; i < rows.length; i += chunk) {
    const json = JSON.stringify(rows.slice(i, i + chunk)).replaceAll("'", "''");
    statements.push(`INSERT INTO ${table} (${columns.join(", ")})\nSELECT ${selects.join(", ")} FROM (SELECT value AS v FROM json_each('${json}'));`);
  }
  return statements;
}
const at = (i) => `(v ->> '$[${i}]')`;

function weightedPrice(random) {
  let roll = random.int(1, 100);
  for (const price of PRICES) {
    roll -= price.weight;
    if (roll <= 0) return price;
  }
  return PRICES[0];
}

/** A time on day `day` (negative: days before the apply day), in the afternoon or evening. */
const timeOn = (random, day) => day * DAY + random.int(8 * 3600, 22 * 3600);

function buildSubscriptionsAndAccounts(random) {
  const accounts = [];
  const subscriptions = [];
  const invoices = [];
  const purchases = [];
  const refunds = [];
  let n = 0;

  const subscribe = (sso, start, { promo = false } = {}) => {
    const price = weightedPrice(random);
    const id = `sub_hist_${String(++n).padStart(5, "0")}`;
    const monthly = price.months === 1;
    const firstFree = promo && monthly;
    let status = "active";
    let stateAt = start;
    let paidAt = start;
    let k = 0;
    // Invoices every period up to yesterday; a monthly one may cancel before a renewal.
    for (;;) {
      const amount = k === 0 && firstFree ? 0 : price.pence;
      const invoice = `in_hist_${id.slice(9)}_${k}`;
      invoices.push([invoice, id, paidAt, amount]);
      stateAt = paidAt;
      // A "changed my mind" refund of a new subscription's first paid invoice, cancelled that day.
      if (paidAt > -WINDOW_DAYS * DAY && k === (firstFree ? 1 : 0) && random.chance(0.04)) {
        const refundAt = Math.min(paidAt + random.int(3600, 3 * DAY), -DAY + 3600);
        refunds.push([`ch_hist_${id.slice(9)}_${k}`, invoice, amount, refundAt]);
        status = "canceled";
        stateAt = refundAt;
        break;
      }
      const next = paidAt + (monthly ? 30 : 365) * DAY;
      if (next >= 0) break;
      if (monthly && random.chance(0.05)) {
        status = "canceled";
        stateAt = next - random.int(0, 20) * DAY;
        if (stateAt <= paidAt) stateAt = paidAt + DAY;
        break;
      }
      paidAt = next;
      k += 1;
    }
    const periodEnd = paidAt + (monthly ? 30 : 365) * DAY;
    subscriptions.push([id, sso, price.id, status, status === "canceled" ? stateAt : periodEnd, stateAt, RANK[status], start]);
    purchases.push([sso, price.packageId, price.id, "subscription", `cs_hist_${id.slice(9)}`, id, status === "canceled" ? "cancelled" : "active", firstFree ? 0 : price.pence, firstFree ? "FIRSTMONTH" : null, start]);
  };

  // Long-standing supporters: joined 3 to 16 months ago, most subscribed then.
  for (let i = 0; i < 420; i++) {
    const created = -random.int(92, 480) * DAY + random.int(0, DAY - 1);
    const sso = `history-${String(accounts.length + 1).padStart(5, "0")}`;
    accounts.push([sso, created]);
    if (random.chance(0.8)) subscribe(sso, created + random.int(600, 2 * DAY), { promo: random.chance(0.3) });
  }
  // The window's sign-ups: more on Saturdays (match days) and in the last month (the season's run-in).
  for (let day = -WINDOW_DAYS; day <= -1; day++) {
    const weekday = (((day % 7) + 7) % 7);
    const count = random.int(6, 12) + (weekday === 2 ? random.int(8, 16) : 0) + (day > -30 ? random.int(0, 5) : 0);
    for (let i = 0; i < count; i++) {
      const created = timeOn(random, day);
      const sso = `history-${String(accounts.length + 1).padStart(5, "0")}`;
      accounts.push([sso, created]);
      if (!random.chance(0.33)) continue;
      const start = Math.min(created + random.int(300, 2 * DAY), -DAY + 3 * 3600);
      subscribe(sso, start, { promo: random.chance(0.45) });
    }
  }
  return { accounts, subscriptions, invoices, purchases, refunds };
}

/** Ten past matches with a pass sold over the window: one every nine days, 20–90 passes each. */
function buildMatchPasses(random, matches, accounts) {
  const played = matches
    .filter((m) => m.status === "result" && (m.team.slug === "womens-first-team" || m.team.slug === "u18") && m.isHome)
    .sort((a, b) => a.kickoff.localeCompare(b.kickoff))
    .slice(-10);
  const packages = [];
  const prices = [];
  const purchases = [];
  const refunds = [];
  played.forEach((match, i) => {
    const id = `match-pass-history-${match.id}`;
    const pence = match.team.slug === "u18" ? 299 : 499;
    packages.push({ id, mode: "light", package_type: "match-pass", title: `Match Pass: ${match.team.name} v ${match.opponent.name}`, description: "<p>A past match's pass (demo history).</p>", image_key: "package-match-pass", active: 0, match_id: match.id });
    prices.push({ id: `price_${id.replaceAll("-", "_")}`, package_id: id, type: "one_time", interval: null, amount_pence: pence, price_display: `£${(pence / 100).toFixed(2)}`, entitlements: [`matchpass-${match.id}`], active: 0 });
    const matchDay = -WINDOW_DAYS + 4 + i * 9;
    const sold = random.int(20, 90);
    for (let k = 0; k < sold; k++) {
      const buyer = random.pick(accounts)[0];
      const paidAt = timeOn(random, matchDay - random.int(0, 4));
      const session = `cs_hist_pass_${match.id}_${k}`;
      const promo = random.chance(0.06) ? "MATCHDAY" : null;
      const amount = promo ? Math.round(pence / 2) : pence;
      purchases.push([buyer, id, `price_${id.replaceAll("-", "_")}`, "payment", session, null, "paid", amount, promo, paidAt]);
      // A fault reported during the game: refunded a day or two later.
      if (random.chance(0.03)) refunds.push([`ch_hist_pass_${match.id}_${k}`, session, amount, Math.min(timeOn(random, matchDay + random.int(1, 2)), -DAY + 3600)]);
    }
  });
  return { packages, prices, purchases, refunds };
}

/**
 * Consented (90 %) page views: on each day of the window 250–700 sessions of three events each, more
 * at weekends; written with a recursive CTE (small file, fast load), then the funnel's visits from them.
 */
function trackingStatements() {
  const rounds = 700; // sessions a day at most
  return [
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${WINDOW_DAYS * rounds * 3 - 1})
INSERT INTO tracking_events (received_at, action, channel, domain, log_id, screensize, sso_vendor, user_agent, session_id, sso_id, event_time, url, user_allow_tracking)
SELECT ${iso(`(-1 - (i % ${WINDOW_DAYS})) * ${DAY} + 28800 + ((i / ${WINDOW_DAYS}) * 47) % 50400`)}, 'pageView', 'web', 'rovers.test', 1 + i % 1000,
       CASE i % 3 WHEN 0 THEN '375x812' WHEN 1 THEN '1440x900' ELSE '768x1024' END, 'dev', 'demo history',
       'hist-' || (i % ${WINDOW_DAYS}) || '-' || (i / ${WINDOW_DAYS} / 3), '', '', CASE i % 4 WHEN 0 THEN '/' WHEN 1 THEN '/videos' WHEN 2 THEN '/news' ELSE '/streamer' END,
       ((i / ${WINDOW_DAYS} / 3) * 7 + (i % ${WINDOW_DAYS})) % 10 <> 0
  FROM n
 WHERE (i / ${WINDOW_DAYS} / 3) < 250 + ((i % ${WINDOW_DAYS}) * 53) % 300 + CASE WHEN (i % ${WINDOW_DAYS}) % 7 IN (0, 1) THEN 150 ELSE 0 END;`,
    `INSERT INTO tracking_visits (day, session_id)
SELECT DISTINCT substr(received_at, 1, 10), session_id FROM tracking_events WHERE user_allow_tracking = 1 AND session_id LIKE 'hist-%'
ON CONFLICT DO NOTHING;`,
  ];
}

/** Every statement of the history, in insertion order (accounts before what references them). */
export function buildHistoryStatements({ matches }) {
  const random = createRandom("console-history");
  const subs = buildSubscriptionsAndAccounts(random);
  const passes = buildMatchPasses(random, matches, subs.accounts);
  const accountOf = (x) => `(SELECT id FROM accounts WHERE sso_id = ${x})`;
  const refunds = [...subs.refunds, ...passes.refunds];
  return [
    ...relativeInsert("accounts", ["sso_id", "email", "display_name", "created_at", "updated_at"], [at(0), `${at(0)} || '@history.rovers.test'`, "'Demo supporter'", iso(at(1)), iso(at(1))], subs.accounts),
    ...insertStatements("packages", passes.packages),
    ...insertStatements("prices", passes.prices),
    ...relativeInsert(
      "stripe_subscriptions",
      ["id", "customer_id", "account_id", "price_id", "status", "current_period_end", "cancel_at_period_end", "state_created", "state_rank", "started_at"],
      [at(0), `'cus_' || ${at(1)}`, accountOf(at(1)), at(2), at(3), iso(at(4)), "0", unixAt(at(5)), at(6), unixAt(at(7))],
      subs.subscriptions,
    ),
    ...relativeInsert("stripe_invoices", ["id", "subscription_id", "paid_at", "amount_paid"], [at(0), at(1), unixAt(at(2)), at(3)], subs.invoices),
    ...relativeInsert(
      "purchases",
      ["account_id", "package_id", "price_id", "mode", "stripe_session_id", "stripe_subscription_id", "status", "amount_paid", "promotion_code", "paid_at", "created_at", "updated_at"],
      [accountOf(at(0)), at(1), at(2), at(3), at(4), at(5), at(6), at(7), at(8), iso(at(9)), iso(at(9)), iso(at(9))],
      [...subs.purchases, ...passes.purchases],
    ),
    // A refund names its charge; the charge is a key of the payment it reverses (invoice or session).
    ...relativeInsert("stripe_payment_keys", ["key", "payment_id"], [at(0), at(1)], refunds),
    ...relativeInsert(
      "stripe_reversals",
      ["id", "kind", "charge_id", "amount", "amount_reversed", "status", "takes_back", "state_created", "state_rank"],
      [at(0), "'refund'", at(0), at(2), at(2), "'full'", "1", unixAt(at(3)), "9"],
      refunds,
    ),
    ...trackingStatements(),
  ];
}
