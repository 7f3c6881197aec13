// Spec §8 on the page, for client-side navigations (after hydration the browser asks the worker for
// a page's route data and loads its code as a lazy chunk): a route error shows its own status; an
// answer of the wrong shape is an error, not a broken page; a failed page chunk reloads the page
// once. (A failing category read is only logged: the loader runs on the server,
// tests/worker/route-data.test.ts.) And the account panel shows the direct-login form when
// /api/session says direct login is on.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, DESKTOP, launchBrowser, openPage, waitForHydration } from "./support/browser";
import { textOf } from "./support/visibility";
import { ROUTE_DATA_HEADER } from "../../src/app/route-data";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Follows a header link the way a supporter does: a client-side navigation. */
async function clickHeaderLink(page: Page, name: string) {
  await page.locator("header.site-header").getByRole("link", { name, exact: true }).first().click();
}

const heading = (page: Page) => page.getByRole("main").getByRole("heading", { level: 1 });

/** Answers the /news listing's route data with `status` and `body`, as the worker marks its own answers. */
async function answerNewsData(page: Page, status: number, body: string) {
  await page.route(/\/news$/, (route) =>
    route.request().headers()[ROUTE_DATA_HEADER.toLowerCase()] === undefined
      ? route.continue()
      : route.fulfill({ status, contentType: "application/json", headers: { [ROUTE_DATA_HEADER]: "news" }, body }),
  );
}

describe("route errors on client-side navigations (spec §8)", () => {
  it("shows the route data's own status on the error page, not always 500", async () => {
    const { page, context } = await openPage(browser, "/", DESKTOP);
    try {
      await answerNewsData(page, 503, '{"error":{"status":503,"statusText":"Service Unavailable","data":"down"}}');
      await clickHeaderLink(page, "News");
      await page.waitForURL(/\/news$/);
      await expect.poll(() => textOf(heading(page))).toBe("503 error");
    } finally {
      await context.close();
    }
  });

  it("an answer of the wrong shape is an error page (502), never a half-drawn page", async () => {
    const { page, context } = await openPage(browser, "/", DESKTOP);
    try {
      await answerNewsData(page, 200, '{"items":"nope","total":"many"}');
      await clickHeaderLink(page, "News");
      await page.waitForURL(/\/news$/);
      await expect.poll(() => textOf(heading(page))).toBe("502 error");
    } finally {
      await context.close();
    }
  });
});

describe("a page chunk that fails to load (spec §8: reloads the page)", () => {
  async function teamsChunk(): Promise<string> {
    const manifest = (await (await fetch(`${BASE_URL}/build/manifest.json`)).json()) as { pages: Record<string, string[]> };
    const chunk = manifest.pages.Teams?.[0];
    if (!chunk) throw new Error("no Teams chunk in the client manifest");
    return chunk;
  }

  it("reloads the address once and the page shows", async () => {
    const chunk = await teamsChunk();
    const { page, context } = await openPage(browser, "/", DESKTOP);
    try {
      let failed = 0;
      await page.route(`**${chunk}`, (route) => {
        if (failed > 0) return route.continue();
        failed += 1;
        return route.abort("failed");
      });
      const documents: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
      });
      await page.evaluate(() => Object.assign(window, { beforeReload: true }));
      await clickHeaderLink(page, "Teams");
      await expect.poll(() => documents, { timeout: 15_000 }).toEqual(["/teams"]);
      await page.waitForLoadState("load");
      await waitForHydration(page);
      expect(failed).toBe(1);
      expect(await page.evaluate(() => "beforeReload" in window)).toBe(false);
      expect(new URL(page.url()).pathname).toBe("/teams");
      expect(await textOf(heading(page))).not.toMatch(/error/);
    } finally {
      await context.close();
    }
  });

  it("does not loop when the chunk stays unavailable", async () => {
    const chunk = await teamsChunk();
    const { page, context } = await openPage(browser, "/", DESKTOP, { clock: true });
    try {
      await page.route(`**${chunk}`, (route) => route.abort("failed"));
      const documents: string[] = [];
      let chunkFailures = 0;
      page.on("request", (request) => {
        if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
      });
      page.on("requestfailed", (request) => {
        if (new URL(request.url()).pathname === chunk) chunkFailures += 1;
      });
      await clickHeaderLink(page, "Teams");
      await expect.poll(() => documents, { timeout: 15_000 }).toEqual(["/teams"]);
      // The reloaded page asks for the chunk too and meets the same failure. Then 3 s of the page's
      // timers (its clock moved on, not waited for), long enough for a second reload, were there
      // one, and its network goes quiet (500 ms) without one.
      await expect.poll(() => chunkFailures, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
      await page.waitForLoadState("load");
      await page.clock.runFor(3_000);
      await page.waitForLoadState("networkidle");
      expect(documents).toEqual(["/teams"]);
    } finally {
      await context.close();
    }
  });
});

describe("direct login (spec §2 'Account')", () => {
  it("the account panel shows the username/password form when /api/session says direct login is on", async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: BASE_URL });
    const page = await context.newPage();
    try {
      await page.route(/\/api\/session(\?|$)/, (route) =>
        route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ data: null, meta: { directLogin: true } }) }),
      );
      await page.goto("/", { waitUntil: "load" });
      await waitForHydration(page);
      await page.locator("header.site-header").getByRole("button", { name: "Log In" }).click();
      const panel = page.locator("#account-panel");
      await expect.poll(() => panel.getByLabel("Username").isVisible()).toBe(true);
      expect(await panel.getByLabel("Password").isVisible()).toBe(true);
      expect(await panel.getByRole("button", { name: "Log In" }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("off (the default): the panel links to the portal instead", async () => {
    const { page, context } = await openPage(browser, "/", DESKTOP);
    try {
      await page.locator("header.site-header").getByRole("button", { name: "Log In" }).click();
      const panel = page.locator("#account-panel");
      await expect.poll(() => panel.getByRole("link", { name: "Log In" }).isVisible()).toBe(true);
      expect(await panel.getByLabel("Password").count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
