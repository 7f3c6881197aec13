import type { EntitlementSource } from "../schemas/console-accounts";
import { formatDate } from "./date-format";

/**
 * Where each of an account's entitlements comes from (the console's account page), pure:
 * the worker reads the club's own list, the account's subscriptions and match passes, the page
 * shows the answer. The rule of what grants mirrors the webhook's recompute
 * (worker/payments/payment-records.ts GRANT_SOURCES): a subscription in a granting state, not past
 * the end of a period it was cancelled at, whose latest payment stands; a paid match pass whose
 * payment stands.
 */
export interface PaidSource {
  kind: "subscription" | "match-pass";
  /** sub_… or cs_… */
  reference: string;
  label: string;
  /** what its price grants */
  entitlements: readonly string[];
  /** it grants now (see above) */
  grants: boolean;
  endsAt: string | null;
}

export const CLUB_SOURCE_LABEL = "Set by the club (admin, demo data or voucher)";
export const BYPASS_CODE = "everything";

/** A grant by supporter care running now: its code, end and reason. */
export interface GrantSourceInput {
  entitlement: string;
  endsAt: string;
  reason: string;
}

/**
 * "Complimentary until 24 Dec 2026: <reason>". The end is the instant the next London day starts
 * (src/domain/access-grants.ts endOfClubDay), so the day named is the one before it: the last day held.
 */
export function complimentaryLabel(endsAt: string, reason: string): string {
  return `Complimentary until ${formatDate(Date.parse(endsAt) - 1)}: ${reason}`;
}
export const BYPASS_LABEL = "Bypassed by the club: every video and stream, no device limit";

/**
 * Every entitlement held (`held`, the account as the session reads it), in code order, with each
 * source that grants it; then, for a bypassed account, the bypass. A held code no source explains
 * (a payment entitlement the next webhook or sweep will recompute) keeps an empty list.
 */
export function entitlementSources(input: {
  held: readonly string[];
  club: readonly string[];
  paid: readonly PaidSource[];
  /** grants running now (src/domain/access-grants.ts grantedEntitlements decides which) */
  grants?: readonly GrantSourceInput[];
  bypassed: boolean;
}): { code: string; sources: EntitlementSource[] }[] {
  const rows: { code: string; sources: EntitlementSource[] }[] = [...new Set(input.held)].sort().map((code) => ({
    code,
    sources: [
      ...(input.club.includes(code) ? [{ kind: "club" as const, label: CLUB_SOURCE_LABEL, reference: null, endsAt: null }] : []),
      ...input.paid
        .filter((p) => p.grants && p.entitlements.includes(code))
        .map((p) => ({ kind: p.kind, label: p.label, reference: p.reference, endsAt: p.endsAt })),
      ...(input.grants ?? [])
        .filter((g) => g.entitlement === code)
        .map((g) => ({ kind: "complimentary" as const, label: complimentaryLabel(g.endsAt, g.reason), reference: null, endsAt: g.endsAt })),
    ],
  }));
  if (input.bypassed) rows.push({ code: BYPASS_CODE, sources: [{ kind: "bypass", label: BYPASS_LABEL, reference: null, endsAt: null }] });
  return rows;
}

/** Whether a subscription grants now: granting status, and not past a period it was cancelled at, and not reversed. */
export function subscriptionGrants(s: { status: string; cancelAtPeriodEnd: boolean; periodEnd: string | null; reversed: boolean }, granting: readonly string[], now: number): boolean {
  if (!granting.includes(s.status) || s.reversed) return false;
  return !(s.cancelAtPeriodEnd && s.periodEnd !== null && Date.parse(s.periodEnd) <= now);
}

/** The devices of an account's live sessions and how many each holds, most first (then by name). */
export function deviceCounts(devices: readonly string[]): { device: string; sessions: number }[] {
  const counts = new Map<string, number>();
  for (const device of devices) counts.set(device, (counts.get(device) ?? 0) + 1);
  return [...counts].map(([device, sessions]) => ({ device, sessions })).sort((a, b) => b.sessions - a.sessions || a.device.localeCompare(b.device));
}
