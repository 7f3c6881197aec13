import { CHECKOUT_UNAVAILABLE_ALERT } from "../../domain/package-purchase";

/**
 * A purchase click that needs a checkout (spec §4 'Packages widget'): POST /api/checkout with the
 * package and price ids only (the server prices it from D1), then off to the hosted checkout
 * (Stripe's https page, or the worker's dev checkout, a same-site path). Any failure: the alert of
 * spec §8, with the cause in the console.
 */
function checkoutUrlOf(url: string): string | null {
  if (url.startsWith("https://")) return url;
  return url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\") ? url : null;
}

export async function startCheckout(packageID: string, priceID: string): Promise<void> {
  try {
    // The schema (zod) loads beside the call, so it never weighs on a first visit.
    const [response, { checkoutAnswerSchema }] = await Promise.all([
      fetch("/api/checkout", {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ packageID, priceID }),
      }),
      import("../../schemas/payments"),
    ]);
    const body: unknown = await response.json().catch(() => null);
    const answer = response.ok ? checkoutAnswerSchema.safeParse(body) : null;
    const url = answer?.success ? checkoutUrlOf(answer.data.url) : null;
    if (url) {
      window.location.assign(url);
      return;
    }
    console.error("checkout failed", response.status, body);
  } catch (error) {
    console.error("checkout failed", error);
  }
  window.alert(CHECKOUT_UNAVAILABLE_ALERT);
}
