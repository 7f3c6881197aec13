/**
 * Payment entitlements that outlast their subscription's period are dropped on read:
 * a subscription cancelled at period end grants until `current_period_end`, even when Stripe's
 * deletion event comes late or not at all.
 */
export type EntitlementEnds = Readonly<Record<string, string>>;

/** The entitlements still held at `nowMs`: those without an end, or whose end is still ahead. */
export function liveEntitlements(entitlements: readonly string[], ends: EntitlementEnds, nowMs: number): string[] {
  return entitlements.filter((e) => {
    const end = ends[e];
    if (end === undefined) return true;
    const at = Date.parse(end);
    return Number.isNaN(at) || at > nowMs;
  });
}

/** Parses the stored JSON object; anything malformed counts as "no ends". */
export function parseEntitlementEnds(json: string | undefined): EntitlementEnds {
  try {
    const value: unknown = JSON.parse(json ?? "{}");
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  } catch {
    return {};
  }
}
