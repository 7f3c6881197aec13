import type { Page } from "playwright-core";

/** The portal's refusal (worker/auth/rate-limit.ts RATE_LIMITED_DETAIL), as a supporter reads it. */
const RATE_LIMITED = /Too many sign-in attempts/;

/**
 * Fills and sends a form of the dev login portal (sign-in or registration) and waits to land on
 * `returnPath`. The portal allows 10 attempts a minute per address in fixed windows, and behind
 * `wrangler dev` every browser of the run is the same address ('unknown'), so on a quick machine a
 * busy minute can refuse one. The portal then says so; the form is filled and sent again in the
 * next window, as a supporter would. Anything else (a wrong password, a page that never comes back)
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
