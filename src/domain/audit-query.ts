import type { AuditQuery } from "../schemas/console-content";

/**
 * The audit log's filter (the console's /admin/audit), read from a URL's query by the page's loader
 * and by GET /api/console/audit alike. Lenient like a search box: a value that is not one (a date
 * that is no date, a negative page mark) is left out rather than refused.
 */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const text = (value: string | null) => {
  const trimmed = (value ?? "").trim().slice(0, 100);
  return trimmed === "" ? undefined : trimmed;
};
const day = (value: string | null) => (value && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : undefined);
const mark = (value: string | null) => {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

export function auditQueryOf(params: URLSearchParams): AuditQuery {
  return { actor: text(params.get("actor")), q: text(params.get("q")), from: day(params.get("from")), to: day(params.get("to")), before: mark(params.get("before")) };
}

/** The query string of a filter (without `?`), its empty parts left out; the same order always. */
export function auditSearch(query: AuditQuery): string {
  const params = new URLSearchParams();
  for (const key of ["actor", "q", "from", "to", "before"] as const) {
    const value = query[key];
    if (value !== undefined) params.set(key, String(value));
  }
  return params.toString();
}

/** The first instant after the `to` day (the range includes the whole day), as the log writes its times. */
export function dayAfter(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();
}
