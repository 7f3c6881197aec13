import { z } from "zod";
import { GRANTING_STATUSES } from "../../src/domain/subscription-state";
import { dailyValues, monthlyRecurringPence, passesByMatch, revenueWindow, windowDays, type PriceSubscribers } from "../../src/domain/revenue";
import type { Revenue } from "../../src/schemas/console-revenue";
import { allRows, resultsOf, rowSchema, stringList } from "../db/rows";
import { churnMonths, churnPercent } from "../../src/domain/churn";

/**
 * What 'Subscriptions and revenue' reads: one D1 batch of grouped queries, each a
 * range of an index (migrations/0020_console_revenue.sql; the plans are in docs/console.md). Money
 * comes from what the webhook stored as paid (purchases.amount_paid for match passes, the
 * invoices' amount_paid for subscriptions) and refunded (stripe_reversals), in pence.
 */
const GRANTING = GRANTING_STATUSES.map((s) => `'${s}'`).join(", ");

// ?1 the window's first second (unix s), ?2 the same as ISO text (the TEXT time columns), ?3 now (ISO).
const QUERIES = {
  // Active: granting, and not a subscription cancelled at a period end that has passed.
  activeByPrice: `SELECT price_id AS priceID, COUNT(*) AS n FROM stripe_subscriptions
     WHERE status IN (${GRANTING}) AND NOT (cancel_at_period_end = 1 AND current_period_end IS NOT NULL AND current_period_end <= ?3)
     GROUP BY price_id`,
  recurringPrices: `SELECT p.id AS priceID, p.package_id AS packageID, k.title, p.interval, p.amount_pence AS amountPence
     FROM prices p JOIN packages k ON k.id = p.package_id WHERE p.type = 'recurring' ORDER BY k.order_position, k.id`,
  invoices: `SELECT date(paid_at, 'unixepoch') AS day, SUM(amount_paid) AS value FROM stripe_invoices WHERE paid_at >= ?1 GROUP BY day`,
  // match passes once: per day and package (one covering range); per match and per day from it in JS
  passSales: `SELECT substr(paid_at, 1, 10) AS day, package_id AS packageID, COUNT(*) AS sold, SUM(amount_paid) AS pence FROM purchases
     WHERE mode = 'payment' AND paid_at >= ?2 GROUP BY day, package_id`,
  started: `SELECT date(started_at, 'unixepoch') AS day, COUNT(*) AS value FROM stripe_subscriptions WHERE started_at >= ?1 GROUP BY day`,
  cancelled: `SELECT date(state_created, 'unixepoch') AS day, COUNT(*) AS value FROM stripe_subscriptions
     WHERE status = 'canceled' AND state_created >= ?1 GROUP BY day`,
  refunds: `SELECT date(state_created, 'unixepoch') AS day, COUNT(*) AS n, SUM(amount_reversed) AS value FROM stripe_reversals
     WHERE kind = 'refund' AND state_created >= ?1 GROUP BY day`,
  signUps: `SELECT substr(created_at, 1, 10) AS day, COUNT(*) AS value FROM accounts WHERE created_at >= ?2 GROUP BY day`,
  passPackages: `SELECT k.id AS packageID, k.match_id AS matchID, m.kickoff, t.short_name AS team, o.short_name AS opponent, m.is_home AS isHome
     FROM packages k LEFT JOIN matches m ON m.id = k.match_id LEFT JOIN teams t ON t.id = m.team_id LEFT JOIN opponents o ON o.id = m.opponent_id
     WHERE k.package_type = 'match-pass'`,
  vouchers: `SELECT promotion_code AS code, COUNT(*) AS n FROM purchases
     WHERE paid_at >= ?2 AND promotion_code IS NOT NULL GROUP BY promotion_code ORDER BY n DESC, code LIMIT 20`,
  // a visit is a session's day on the site (consented events only: migrations/0020 tracking_visits)
  visits: `SELECT COALESCE(SUM(visits), 0) AS n FROM tracking_visit_days WHERE day >= substr(?2, 1, 10)`,
  // from the subscriptions started in the window (fewer than sign-ups), each account looked up once
  subscribed: `SELECT COUNT(DISTINCT s.account_id) AS n FROM stripe_subscriptions s JOIN accounts a ON a.id = s.account_id
     WHERE s.started_at >= ?1 AND a.created_at >= ?2`,
} as const;

export const REVENUE_QUERIES: readonly string[] = Object.values(QUERIES);

/** D1 wants exactly as many values as the statement's highest ?N: the first N of the window's. */
export function bindWindow(db: D1Database, sql: string, params: readonly unknown[]): D1PreparedStatement {
  const highest = Math.max(0, ...[...sql.matchAll(/\?(\d+)/g)].map((m) => Number(m[1])));
  return db.prepare(sql).bind(...params.slice(0, highest));
}

const num = z.number();
const dayValue = rowSchema("a per-day count or sum", { day: z.string(), value: num });
const rowSchemas = {
  activeByPrice: rowSchema("active subscriptions per price", { priceID: z.string().nullable(), n: num }),
  recurringPrices: rowSchema("recurring prices and their packages", { priceID: z.string(), packageID: z.string(), title: z.string(), interval: z.enum(["month", "year"]), amountPence: num }),
  refunds: rowSchema("refunds per day", { day: z.string(), n: num, value: num }),
  passSales: rowSchema("match passes per day and package", { day: z.string(), packageID: z.string(), sold: num, pence: num }),
  passPackages: rowSchema("match-pass packages and their matches", {
    packageID: z.string(),
    matchID: num.nullable(),
    kickoff: z.string().nullable(),
    team: z.string().nullable(),
    opponent: z.string().nullable(),
    isHome: num.nullable(),
  }),
  vouchers: rowSchema("promotion codes redeemed", { code: z.string(), n: num }),
  count: rowSchema("a COUNT(*) AS n", { n: num }),
};

export async function revenue(db: D1Database, now = Date.now()): Promise<Revenue> {
  const [figures, churn, viewing] = await Promise.all([windowFigures(db, now), churnByMonth(db, now), mostWatched(db)]);
  return { ...figures, churn, viewing };
}

async function windowFigures(db: D1Database, now: number): Promise<Omit<Revenue, "churn" | "viewing">> {
  const { from, to, fromUnix } = revenueWindow(now);
  const fromIso = `${from}T00:00:00.000Z`;
  // One batch in the object's own order: a query's answer is at its name's index.
  const names = Object.keys(QUERIES);
  const params = [fromUnix, fromIso, new Date(now).toISOString()];
  const results = await db.batch(Object.values(QUERIES).map((sql) => bindWindow(db, sql, params)));
  const answer = (name: keyof typeof QUERIES) => results[names.indexOf(name)];

  const prices = resultsOf(rowSchemas.recurringPrices, answer("recurringPrices"));
  const active = new Map(resultsOf(rowSchemas.activeByPrice, answer("activeByPrice")).map((r) => [r.priceID, r.n]));
  const tiers = new Map<string, { packageID: string; title: string; prices: PriceSubscribers[] }>();
  for (const p of prices) {
    const tier = tiers.get(p.packageID) ?? { packageID: p.packageID, title: p.title, prices: [] };
    tier.prices.push({ interval: p.interval, amountPence: p.amountPence, subscribers: active.get(p.priceID) ?? 0 });
    tiers.set(p.packageID, tier);
  }
  const allPrices = [...tiers.values()].flatMap((t) => t.prices);

  const days = windowDays(from, to);
  const series = (name: "invoices" | "started" | "cancelled" | "signUps") => dailyValues(days, resultsOf(dayValue, answer(name)));
  const sales = resultsOf(rowSchemas.passSales, answer("passSales"));
  const matches = resultsOf(rowSchemas.passPackages, answer("passPackages"));
  const refundRows = resultsOf(rowSchemas.refunds, answer("refunds"));
  const [subscriptionPence, started, cancelled, signUps] = [series("invoices"), series("started"), series("cancelled"), series("signUps")];
  const matchPassPence = dailyValues(days, sales.map((s) => ({ day: s.day, value: s.pence })));
  const refundedPence = dailyValues(days, refundRows);
  const refunds = dailyValues(days, refundRows.map((r) => ({ day: r.day, value: r.n })));
  const first = (name: "visits" | "subscribed") => resultsOf(rowSchemas.count, answer(name))[0]?.n ?? 0;

  return {
    at: new Date(now).toISOString(),
    from,
    to,
    activeSubscribers: allPrices.reduce((n, p) => n + p.subscribers, 0),
    mrrPence: monthlyRecurringPence(allPrices),
    tiers: [...tiers.values()].map((t) => ({
      packageID: t.packageID,
      title: t.title,
      subscribers: t.prices.reduce((n, p) => n + p.subscribers, 0),
      mrrPence: monthlyRecurringPence(t.prices),
    })),
    days: days.map((day, i) => ({
      day,
      subscriptionPence: subscriptionPence[i] ?? 0,
      matchPassPence: matchPassPence[i] ?? 0,
      refundedPence: refundedPence[i] ?? 0,
      newSubscriptions: started[i] ?? 0,
      cancelled: cancelled[i] ?? 0,
      refunds: refunds[i] ?? 0,
      signUps: signUps[i] ?? 0,
    })),
    matchPasses: passesByMatch(sales, matches).map(({ matchID, match: m, sold, pence }) => ({
      matchID,
      title: m?.team && m.opponent ? (m.isHome ? `${m.team} v ${m.opponent}` : `${m.opponent} v ${m.team}`) : "Match pass without a match",
      kickoff: m?.kickoff ?? null,
      sold,
      revenuePence: pence,
    })),
    vouchers: resultsOf(rowSchemas.vouchers, answer("vouchers")).map((r) => ({ code: r.code, redemptions: r.n })),
    funnel: { visits: first("visits"), signUps: signUps.reduce((a, b) => a + b, 0), subscribers: first("subscribed") },
  };
}

const count = z.number().nullable();

/**
 * Churn per month in one batch of index ranges, not a scan of every subscription: for each month,
 * the subscriptions started before its first second (`stripe_subscriptions_started`), less the
 * cancelled ones that had ended by then; and, from the cancelled ones alone
 * (`stripe_subscriptions_status`), those on at its start that ended within it. `state_created` is
 * when a cancelled one ended. A cancelled row without that time counts as ended, as it always has.
 */
export async function churnByMonth(db: D1Database, now = Date.now()): Promise<Revenue["churn"]> {
  const months = churnMonths(now);
  const startedBefore = months.map(() => db.prepare("SELECT COUNT(*) AS n FROM stripe_subscriptions WHERE started_at < ?1"));
  const columns = months.flatMap((_, i) => {
    const [from, to] = [`?${2 * i + 1}`, `?${2 * i + 2}`];
    return [
      `SUM(started_at < ${from} AND (state_created IS NULL OR state_created <= ${from})) AS gone${i}`,
      `SUM(started_at < ${from} AND state_created > ${from} AND state_created < ${to}) AS ended${i}`,
    ];
  });
  const cancelled = db.prepare(`SELECT ${columns.join(", ")} FROM stripe_subscriptions WHERE status = 'canceled' AND started_at IS NOT NULL`);
  const results = await db.batch([...startedBefore.map((q, i) => q.bind(months[i]!.from)), cancelled.bind(...months.flatMap((m) => [m.from, m.to]))]);
  const started = results.slice(0, months.length).map((r) => resultsOf(rowSchemas.count, r)[0]?.n ?? 0);
  const shape = Object.fromEntries(months.flatMap((_, i) => [[`gone${i}`, count], [`ended${i}`, count]]));
  const [row] = resultsOf(rowSchema("churn per month of the cancelled", shape), results.at(-1)!);
  return months.map((m, i) => {
    const onAtStart = (started[i] ?? 0) - (row?.[`gone${i}`] ?? 0);
    const ended = row?.[`ended${i}`] ?? 0;
    return { month: m.month, onAtStart, ended, percent: churnPercent(onAtStart, ended) };
  });
}

const viewingRow = rowSchema("a video's plays and seconds watched", {
  entry_id: z.string(),
  title: z.string(),
  entitlements: z.string(),
  plays: z.number(),
  seconds_watched: z.number(),
});

/** Rovers TV's 20 most watched videos since they were published: plays and minutes, with their tier. */
export async function mostWatched(db: D1Database): Promise<Revenue["viewing"]> {
  const rows = await allRows(
    viewingRow,
    db.prepare(
      `SELECT v.entry_id, v.title, v.entitlements, w.seconds_watched, (SELECT COUNT(*) FROM video_plays p WHERE p.video_id = v.id) AS plays
         FROM video_watch_totals w JOIN videos v ON v.id = w.video_id
        ORDER BY w.seconds_watched DESC, v.id LIMIT 20`,
    ),
  );
  return rows.map((r) => ({ entryId: r.entry_id, title: r.title, tier: stringList(r.entitlements), plays: r.plays, minutes: Math.round(r.seconds_watched / 60) }));
}
