/**
 * Spec §5: the entitlement response is accepted only if its userID equals the logged-in ssoID;
 * 200 and 404 are valid answers, 404 meaning 'You have no subscriptions'. §8 gives the texts.
 */
import { attributesOf, isStringArray } from "./json-shape";

export const NO_SUBSCRIPTIONS_MESSAGE = "You have no subscriptions";
export const ENTITLEMENT_CHECK_FAILED_MESSAGE = "There was an issue checking your subscriptions";

/** The entitlement answer's `data.attributes` (spec §3), read defensively. */
function readEntitlements(body: unknown): { userID: string; entitlements: string[]; stripeCustomerID: string | null } | null {
  const a = attributesOf(body);
  if (!a || !isStringArray(a.entitlements)) return null;
  if (typeof a.userID !== "string" && typeof a.userID !== "number") return null;
  const customer = a.stripeCustomerID;
  if (customer !== undefined && customer !== null && typeof customer !== "string") return null;
  return { userID: String(a.userID), entitlements: a.entitlements, stripeCustomerID: customer ?? null };
}

export type EntitlementOutcome =
  /** store these entitlements (and the customer id); message set when the list is empty */
  | { kind: "accepted"; entitlements: string[]; stripeCustomerID: string; message: string | null }
  /** 404: valid, the user has none */
  | { kind: "none"; entitlements: []; stripeCustomerID: ""; message: typeof NO_SUBSCRIPTIONS_MESSAGE }
  /** the response is for another user: ignore it, change nothing */
  | { kind: "mismatch" }
  /** any other status or a malformed body */
  | { kind: "error"; message: typeof ENTITLEMENT_CHECK_FAILED_MESSAGE };

export function interpretEntitlementResponse(input: { status: number; body: unknown; ssoID: string }): EntitlementOutcome {
  if (input.status === 404) {
    return { kind: "none", entitlements: [], stripeCustomerID: "", message: NO_SUBSCRIPTIONS_MESSAGE };
  }
  if (input.status !== 200) return { kind: "error", message: ENTITLEMENT_CHECK_FAILED_MESSAGE };
  const parsed = readEntitlements(input.body);
  if (!parsed) return { kind: "error", message: ENTITLEMENT_CHECK_FAILED_MESSAGE };
  const { userID, entitlements, stripeCustomerID } = parsed;
  if (!input.ssoID || userID !== input.ssoID) return { kind: "mismatch" };
  return {
    kind: "accepted",
    entitlements,
    stripeCustomerID: stripeCustomerID ?? "",
    message: entitlements.length === 0 ? NO_SUBSCRIPTIONS_MESSAGE : null,
  };
}

/** The stream payments source lists entitlements comma-separated (§3 'CustomerEntitlements'). */
export function parseCommaEntitlements(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(",")
    .map((e) => e.trim())
    .filter((e) => e !== "");
}
