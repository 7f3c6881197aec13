// An account of a test's own: registered at the dev portal the way a supporter does it, so a test
// that changes an account (buys, is blocked, signs other devices out, holds stream sessions) never
// touches the demo accounts other files read at the same time.
import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { openPage, waitForHydration } from "./browser";
import { queryD1 } from "./d1";
import { DEMO_PASSWORD } from "./demo-account";
import { submitPortalForm } from "./portal-form";

export interface FreshAccount {
  email: string;
}

/** A new address every call: no two tests, files or runs meet on one account. */
export function freshEmail(label: string): string {
  return `e2e-${label}-${randomUUID().slice(0, 8)}@rovers.test`;
}

/**
 * Registers a new account from the header's Log In (the portal's Register link, its form) and
 * lands back on `returnPath` (default: the page it started on) signed in and hydrated. A new
 * account owns nothing; `entitlements` are then written to its row, which the session reads
 * on every request.
 */
export async function registerAs(
  page: Page,
  label: string,
  options: { entitlements?: string[]; returnPath?: string } = {},
): Promise<FreshAccount> {
  const returnPath = options.returnPath ?? new URL(page.url()).pathname;
  const email = freshEmail(label);
  await page.locator("header.site-header").getByRole("button", { name: "Log In" }).click();
  await page.locator("#account-panel").getByRole("link", { name: "Log In" }).click();
  await page.waitForURL(/\/sso\//);
  await page.getByRole("link", { name: "Register" }).click();
  await page.waitForURL(/\/sso\/register/);
  await submitPortalForm(
    page,
    async () => {
      await page.getByLabel("First name").fill("Test");
      await page.getByLabel("Last name").fill(label);
      await page.getByLabel("Email address").fill(email);
      await page.getByLabel("Password").fill(DEMO_PASSWORD);
    },
    "Register",
    returnPath,
  );
  if (options.entitlements?.length) {
    const codes = JSON.stringify(options.entitlements).replace(/'/g, "''");
    const [row] = await queryD1<{ entitlements: string }>(`UPDATE accounts SET entitlements = '${codes}' WHERE email = '${email}' RETURNING entitlements`);
    if (row?.entitlements !== JSON.stringify(options.entitlements)) throw new Error(`no account row for ${email} after registering`);
    // The page was rendered before the grant: show it as the account now is.
    await page.reload();
  }
  await waitForHydration(page);
  return { email };
}

/**
 * Registers an account in a context of its own and closes it: for tests that then sign the same
 * account in from several browsers (signInAs, password DEMO_PASSWORD).
 */
export async function createAccount(browser: Browser, label: string, entitlements: string[] = []): Promise<string> {
  const { page, context } = await openPage(browser, "/");
  try {
    return (await registerAs(page, label, { entitlements })).email;
  } finally {
    await context.close();
  }
}
