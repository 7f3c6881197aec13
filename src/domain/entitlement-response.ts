/**
 * Spec §5: the entitlement response is accepted only if its userID equals the logged-in ssoID;
 * 200 and 404 are valid answers, 404 meaning 'You have no subscriptions'. §8 gives the texts.
 */
// zod/mini: this runs in the browser, where the full zod build would cost ~400 kB.
import { z } from "zod/mini";

export const NO_SUBSCRIPTIONS_MESSAGE = "You have no subscriptions";
export const ENTITLEMENT_CHECK_FAILED_MESSAGE = "There was an issue checking your subscriptions";

export const entitlementResponseSchema = z.object({
  data: z.object({
    attributes: z.object({
      userID: z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
      entitlements: z.array(z.string()),
      stripeCustomerID: z.nullish(z.string()),
    }),
  }),
});
export type EntitlementResponse = z.input<typeof entitlementResponseSchema>;

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
  const parsed = entitlementResponseSchema.safeParse(input.body);
  if (!parsed.success) return { kind: "error", message: ENTITLEMENT_CHECK_FAILED_MESSAGE };
  const { userID, entitlements, stripeCustomerID } = parsed.data.data.attributes;
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
