import { CHECKOUT_UNAVAILABLE_ALERT } from "../../domain/package-purchase";

/**
 * A purchase click that needs a checkout (spec §4 'Packages widget'): POST /api/checkout with the
 * package and price ids only (the server prices it from D1), then off to the hosted checkout
 * (Stripe's https page, or the worker's dev checkout, a same-site path). Any failure: the alert of
 * spec §8, with the cause in the console.
 */
function checkoutUrlOf(body: unknown): string | null {
  const url = typeof body === "object" && body !== null ? (body as { url?: unknown }).url : null;
  if (typeof url !== "string") return null;
  if (url.startsWith("https://")) return url;
  return url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\") ? url : null;
}

export async function startCheckout(packageID: string, priceID: string): Promise<void> {
  try {
    const response = await fetch("/api/checkout", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ packageID, priceID }),
    });
    const body: unknown = await response.json().catch(() => null);
    const url = response.ok ? checkoutUrlOf(body) : null;
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
