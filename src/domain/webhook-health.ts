import type { WebhookHealth, WebhookHour } from "../schemas/console-webhooks";

/**
 * The console's webhook health, pure: how the per-hour groups the worker reads
 * from `webhook_deliveries` become the hours staff read, and when the silence warning shows.
 */

/** How far back the page looks. */
export const WEBHOOK_HOURS = 48;
/** The web setting of the silence warning, and its value when unset or unreadable. */
export const SILENCE_SETTING = "console.webhookSilenceMinutes";
export const DEFAULT_SILENCE_MINUTES = 60;

const HOUR_MS = 3_600_000;

/** One group of the query: an hour (ISO 'YYYY-MM-DDTHH:00:00Z'), an outcome, its deliveries and their lag. */
export interface HourGroup {
  hour: string;
  outcome: string;
  deliveries: number;
  /** deliveries that carry a lag (Stripe's `created` known), its sum and its maximum, in seconds */
  lagged: number;
  lagSum: number;
  lagMax: number | null;
}

/** The start of the hour a moment falls in, as the query writes it. */
export const hourOf = (ms: number): string => `${new Date(Math.floor(ms / HOUR_MS) * HOUR_MS).toISOString().slice(0, 13)}:00:00Z`;

/** The first moment the page counts: the start of the oldest of its hours. */
export const windowStart = (now: number, hours = WEBHOOK_HOURS): number => Math.floor(now / HOUR_MS) * HOUR_MS - (hours - 1) * HOUR_MS;

const round1 = (n: number) => Math.round(n * 10) / 10;

/** One hour's deliveries as they are added up: counts per outcome, and the lag of the applied and ignored ones. */
interface HourTally {
  hour: string;
  applied: number;
  duplicate: number;
  ignored: number;
  failed: number;
  lagged: number;
  lagSum: number;
  lagMax: number | null;
}

/** Every hour of the window, oldest first, zeros where nothing came; outcomes the page does not know are left out. */
export function webhookHours(groups: readonly HourGroup[], now: number, hours = WEBHOOK_HOURS): WebhookHour[] {
  const start = windowStart(now, hours);
  const rows = Array.from({ length: hours }, (_, i): HourTally => ({ hour: hourOf(start + i * HOUR_MS), applied: 0, duplicate: 0, ignored: 0, failed: 0, lagged: 0, lagSum: 0, lagMax: null }));
  const byHour = new Map(rows.map((r) => [r.hour, r]));
  for (const g of groups) {
    const row = byHour.get(g.hour);
    if (!row || !(g.outcome === "applied" || g.outcome === "duplicate" || g.outcome === "ignored" || g.outcome === "failed")) continue;
    row[g.outcome] += g.deliveries;
    row.lagged += g.lagged;
    row.lagSum += g.lagSum;
    if (g.lagMax !== null) row.lagMax = Math.max(row.lagMax ?? g.lagMax, g.lagMax);
  }
  return rows.map(({ lagged, lagSum, lagMax, ...counts }) => ({
    ...counts,
    lagAverageSeconds: lagged > 0 ? round1(lagSum / lagged) : null,
    lagMaxSeconds: lagMax === null ? null : round1(lagMax),
  }));
}

/** The window's totals; the lag average weighs each hour by its deliveries, as one average over them all would. */
export function webhookTotals(groups: readonly HourGroup[], hours: readonly WebhookHour[]): WebhookHealth["totals"] {
  const shown = new Set(hours.map((h) => h.hour));
  const inWindow = groups.filter((g) => shown.has(g.hour) && g.outcome !== "duplicate" && g.outcome !== "failed");
  const lagged = inWindow.reduce((n, g) => n + g.lagged, 0);
  const lagMaxes = hours.flatMap((h) => (h.lagMaxSeconds === null ? [] : [h.lagMaxSeconds]));
  const sum = (key: "applied" | "duplicate" | "ignored" | "failed") => hours.reduce((n, h) => n + h[key], 0);
  return {
    applied: sum("applied"),
    duplicate: sum("duplicate"),
    ignored: sum("ignored"),
    failed: sum("failed"),
    lagAverageSeconds: lagged > 0 ? round1(inWindow.reduce((n, g) => n + g.lagSum, 0) / lagged) : null,
    lagMaxSeconds: lagMaxes.length > 0 ? Math.max(...lagMaxes) : null,
  };
}

/** The setting's minutes: a whole number from 1 up, else the default (an empty or broken value never silences the warning). */
export function silenceLimit(value: string | null | undefined): number {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 1 ? n : DEFAULT_SILENCE_MINUTES;
}

/** Nothing for longer than the limit (or nothing ever): the page warns. */
export function webhookSilence(lastReceivedAt: string | null, now: number, limitMinutes: number): WebhookHealth["silence"] {
  if (lastReceivedAt === null) return { limitMinutes, minutesSinceLast: null, warning: true };
  const minutesSinceLast = Math.max(0, Math.floor((now - Date.parse(lastReceivedAt)) / 60_000));
  return { limitMinutes, minutesSinceLast, warning: minutesSinceLast > limitMinutes };
}
