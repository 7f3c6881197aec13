import { ENTITLEMENT_CHECK_FAILED_MESSAGE, NO_SUBSCRIPTIONS_MESSAGE } from "../domain/entitlement-response";
import { firstError } from "./session-client";

/** Codes of POST /api/payments/portal meaning 'no payment customer' (spec §8 'You have no subscriptions'). */
const NO_CUSTOMER_CODES = new Set(["NO_CUSTOMER", "NO_STRIPE_CUSTOMER"]);

function portalUrlOf(url: string): string | null {
  // the payment provider's portal (https) or the worker's dev stand-in (a same-site path)
  if (/^https?:\/\//.test(url)) return url;
  return url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\") ? url : null;
}

/**
 * Opens the payment provider's customer portal for the signed-in account (View Subscriptions,
 * 'Manage Subscriptions'), coming back to this page. Resolves with the text to show when it
 * cannot: 'You have no subscriptions' without a payment customer, else the failure's detail.
 */
export async function openCustomerPortal(): Promise<string> {
  try {
    // The schema (zod) loads beside the call, so it never weighs on a first visit.
    const [response, { portalAnswerSchema }] = await Promise.all([
      fetch("/api/payments/portal", {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ returnURL: window.location.href }),
      }),
      import("../schemas/payments"),
    ]);
    const body: unknown = await response.json().catch(() => null);
    const answer = response.ok ? portalAnswerSchema.safeParse(body) : null;
    const url = answer?.success ? portalUrlOf(answer.data.url) : null;
    if (url) {
      window.location.assign(url);
      return "";
    }
    const error = firstError(body);
    return error && NO_CUSTOMER_CODES.has(error.code) ? NO_SUBSCRIPTIONS_MESSAGE : (error?.detail ?? ENTITLEMENT_CHECK_FAILED_MESSAGE);
  } catch {
    return ENTITLEMENT_CHECK_FAILED_MESSAGE;
  }
}
