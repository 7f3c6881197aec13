import { CHECKOUT_UNAVAILABLE_ALERT, checkoutStep, type CheckoutStep } from "../../domain/package-purchase";

/**
 * A purchase click that needs a checkout (spec §4 'Packages widget'): POST /api/checkout with the
 * package and price ids only (the server prices it from D1), then off to the hosted checkout
 * (Stripe's https page, or the worker's dev checkout, a same-site path). As spec §8 has it, a
 * checkout that could not be created is only logged; one the browser cannot be sent to gets the
 * alert.
 */
export async function startCheckout(packageID: string, priceID: string): Promise<void> {
  let step: CheckoutStep;
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
    step = checkoutStep(response.ok, answer?.success ? answer.data.url : null);
    if (step.kind !== "redirect") console.error(`checkout ${step.kind}`, response.status, body);
  } catch (error) {
    console.error("checkout creation-failed", error);
    return;
  }
  if (step.kind === "creation-failed") return;
  try {
    if (step.kind === "redirect") return window.location.assign(step.url);
  } catch (error) {
    console.error("checkout redirect-failed", error);
  }
  window.alert(CHECKOUT_UNAVAILABLE_ALERT);
}
