import type { Page } from "playwright-core";

/** The portal's refusal (worker/auth/rate-limit.ts RATE_LIMITED_DETAIL), as a supporter reads it. */
const RATE_LIMITED = /Too many sign-in attempts/;

/**
 * Fills and sends a form of the dev login portal (sign-in or registration) and waits to land on
 * `returnPath`. The portal allows 10 attempts a minute per (account, address) in fixed windows;
 * each e2e context has an address of its own (support/browser.ts), so only a context that signs
 * one account in more than ten times a minute meets it. Should one, the portal says so and the
 * form is sent again in the next window, as a supporter would. Anything else (a wrong password, a page that never comes back)
 * still fails the test.
 */
export async function submitPortalForm(page: Page, fill: () => Promise<void>, submit: string, returnPath: string): Promise<void> {
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    await fill();
    await page.getByRole("button", { name: submit }).click();
    const outcome = await Promise.race([
      page.waitForURL((url) => url.pathname === returnPath).then(() => "in" as const, () => "timeout" as const),
      page.getByText(RATE_LIMITED).waitFor().then(() => "refused" as const, () => "timeout" as const),
    ]);
    if (outcome === "in") return;
    if (outcome === "timeout") break;
    // Into the next window of the portal's fixed one-minute windows.
    await page.waitForTimeout(61_000 - (Date.now() % 60_000));
  }
  throw new Error(`the portal's form did not lead back to ${returnPath} (now at ${page.url()})`);
}
