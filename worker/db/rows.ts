/** Small converters from D1 rows (snake_case, 0/1 booleans, JSON text) to the schema shapes. */

export function bool(value: number | null | undefined): boolean {
  return value === 1;
}

/** A JSON array of strings stored as text (entitlements, benefits); anything else reads as []. */
export function stringList(text: string | null | undefined): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

/** A JSON array of objects built by SQLite's json_group_array; [] when empty or malformed. */
export function jsonRows<T>(text: string | null | undefined): T[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

/**
 * Results of one statement of a D1 batch, typed by its query. `db.batch<T>()` types every
 * statement alike, so a batch of different queries names each one's row shape here: the one place
 * such a row type is asserted (a single statement uses `.all<T>()` / `.first<T>()`).
 */
export function resultsOf<T>(result: D1Result<unknown> | undefined): T[] {
  return (result?.results ?? []) as T[];
}

export function firstOf<T>(result: D1Result<unknown> | undefined): T | null {
  return ((result?.results ?? [])[0] as T | undefined) ?? null;
}
