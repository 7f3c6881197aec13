// Consent gates tracking (spec §4 'Cookie consent'): nothing reaches /api/events before analytics
// consent, advert impressions and page views after it; 'Manage choices' stores exactly the ticked
// categories and marketing consent alone tags advert links. Also the screenshots of the footer
// with each advert shape and of the consent choices, at 375 and 1440 px.
import path from "node:path";
import type { Browser, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, DESKTOP, MOBILE, SCREENSHOT_DIR, launchBrowser, openPage, waitForFooter, waitForHydration, watchProblems, type Viewport } from "./support/browser";
import { queryD1 } from "./support/d1";
import { ADVERT_REENABLE_MS } from "../../src/domain/timings";
import { FLUSH_DELAY_MS } from "../../src/app/event-queue";
import { waitUntilShown } from "./support/visibility";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type SentEvent = { action: string; advertID?: number; sessionID: string; url: string };

function recordEvents(page: Page): SentEvent[] {
  const sent: SentEvent[] = [];
  page.on("request", (request: Request) => {
    if (new URL(request.url()).pathname === "/api/events") sent.push(...((request.postDataJSON() as { events: SentEvent[] }).events ?? []));
  });
  return sent;
}

/**
 * The ids of the adverts the footer slots show, once the browser has drawn this view's own
 * (the first paint carries the server's choice; data-chosen marks the draw from the slot call).
 * The slots draw once the footer is near the screen: the reader scrolls to it.
 */
async function shownAdverts(page: Page): Promise<number[]> {
  await waitForFooter(page);
  await page.locator(".footer-adverts[data-chosen='true'] .advert-slot[data-filled='true']").first().waitFor({ state: "attached", timeout: 20_000 });
  return page.locator(".advert-slot[data-filled='true']").evaluateAll((slots) => slots.map((s) => Number(s.getAttribute("data-advert-id"))));
}

/** Back at the top of the page, where the header (which slides away on scrolling down) shows its links. */
async function backToTop(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole("banner").waitFor({ state: "visible" });
}

describe("consent gates tracking", () => {
  it("no request to /api/events before consent; impressions and a page view after Accept (1440 px)", async () => {
    const { page, context, problems } = await openPage(browser, "/", DESKTOP, { clock: true });
    try {
      const sent = recordEvents(page);
      const popup = page.getByRole("dialog", { name: "Cookie consent" });
      await waitUntilShown(popup, true);
      await shownAdverts(page);
      // a client-side navigation too: the slots re-enable 2 s after it and draw again (the page's
      // clock moved on rather than waited for), then any batch would go out within 1 s
      await backToTop(page);
      await page.getByRole("banner").getByRole("link", { name: "News", exact: true }).first().click();
      await page.waitForURL(`${BASE_URL}/news`);
      await page.locator(".footer-adverts[data-waiting='true']").waitFor({ state: "attached", timeout: 10_000 });
      await page.clock.runFor(ADVERT_REENABLE_MS);
      const shown = await shownAdverts(page);
      await page.clock.runFor(FLUSH_DELAY_MS);
      await page.waitForLoadState("networkidle");
      expect(sent).toEqual([]);

      const response = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/events", { timeout: 45_000 });
      await popup.getByRole("button", { name: "Accept All Cookies" }).click();
      expect((await response).status()).toBe(202);
      await expect.poll(() => sent.filter((e) => e.action === "advertImpression").length, { timeout: 30_000 }).toBe(shown.length);
      expect(sent.filter((e) => e.action === "advertImpression").map((e) => e.advertID).sort()).toEqual([...shown].sort());
      expect(sent.find((e) => e.action === "pageView")).toMatchObject({ url: "/news" });
      expect(sent.every((e) => /^\d+$/.test(e.sessionID))).toBe(true);
      expect((await context.cookies()).find((c) => c.name === "cookie_consent")?.value).toBe("1");

      // The worker reads the choice: after a reload the popup is not even in the HTML.
      const html = await (await page.request.get("/news")).text();
      expect(html).not.toContain('aria-label="Cookie consent"');
      const fresh = await browser.newContext({ baseURL: BASE_URL });
      expect(await (await fresh.request.get("/news")).text()).toContain('aria-label="Cookie consent"');
      await fresh.close();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("'Manage choices': off by default; analytics alone tracks but leaves advert links plain (375 px)", async () => {
    const { page, context, problems } = await openPage(browser, "/", MOBILE);
    try {
      const sent = recordEvents(page);
      const popup = page.getByRole("dialog", { name: "Cookie consent" });
      await popup.getByRole("button", { name: "Manage choices" }).click();
      // The choices come with their own chunk, the 'Confirm my choices' button with them.
      await popup.getByRole("button", { name: "Confirm my choices" }).waitFor();
      const boxes = popup.getByRole("checkbox");
      expect(await boxes.count()).toBe(3);
      for (const name of ["Analytics", "Marketing", "Personalisation"]) expect(await popup.getByRole("checkbox", { name: new RegExp(name) }).isChecked()).toBe(false);
      await popup.getByRole("checkbox", { name: /Analytics/ }).check();
      await popup.getByRole("button", { name: "Confirm my choices" }).click();
      await waitUntilShown(popup, false);
      expect((await context.cookies()).find((c) => c.name === "cookie_consent")?.value).toBe("analytics");
      await waitForFooter(page);
      await expect.poll(() => sent.some((e) => e.action === "advertImpression"), { timeout: 30_000 }).toBe(true);
      const hrefs = await page.locator(".advert-slot__link").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
      expect(hrefs.length).toBeGreaterThan(0);
      expect(hrefs.some((h) => h.includes("utm_") || h.includes("rovers_sid"))).toBe(false);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("refusing everything sends nothing, also after a reload; marketing consent tags advert links", async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: BASE_URL });
    try {
      await context.addCookies([{ name: "cookie_consent", value: "none", url: BASE_URL }]);
      const page = await context.newPage();
      const sent = recordEvents(page);
      // The page's timers on a clock the test moves past a batch's delay instead of waiting it out.
      await page.clock.install();
      await page.goto("/", { waitUntil: "load" });
      await waitForHydration(page);
      await shownAdverts(page);
      await page.reload({ waitUntil: "load" });
      await waitForHydration(page);
      await shownAdverts(page);
      await page.clock.runFor(FLUSH_DELAY_MS);
      await page.waitForLoadState("networkidle");
      expect(sent).toEqual([]);
      expect(await page.getByRole("dialog", { name: "Cookie consent" }).count()).toBe(0);

      await context.clearCookies();
      await context.addCookies([{ name: "cookie_consent", value: "marketing", url: BASE_URL }]);
      await page.goto("/news", { waitUntil: "load" });
      await waitForHydration(page);
      await shownAdverts(page);
      const hrefs = await page.locator(".advert-slot__link").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
      const external = hrefs.filter((h) => h.startsWith("https://"));
      expect(external.length).toBeGreaterThan(0); // three slots, at most two of the seed's child-friendly adverts are site paths
      // marketing without analytics: tagged for the advertiser, but no real session id
      for (const href of external) expect(href).toContain("rovers_sid=no+tracking");
      await page.clock.runFor(FLUSH_DELAY_MS);
      await page.waitForLoadState("networkidle");
      expect(sent).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("the footer's slots ask the advertising calls (spec §7, §4 'Adverts')", () => {
  it("not before the reader comes near the footer: at the top of / (375 px) no advert call and no footer code; near it, both", async () => {
    const context = await browser.newContext({ viewport: MOBILE, baseURL: BASE_URL });
    try {
      await context.addCookies([{ name: "cookie_consent", value: "none", url: BASE_URL }]);
      const page = await context.newPage();
      const problems = watchProblems(page);
      const calls: string[] = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith("/api/advertising/") || url.pathname.startsWith("/api/experiments/")) calls.push(url.pathname);
      });
      await page.goto("/", { waitUntil: "load" });
      await waitForHydration(page, problems);
      await page.waitForLoadState("networkidle");
      expect(calls).toEqual([]);
      expect(await page.locator("#footer-region[data-hydrated]").count()).toBe(0);
      // the server's footer and its first choice of adverts are in the page all along
      expect(await page.getByRole("contentinfo").count()).toBe(1);
      expect(await page.locator(".advert-slot[data-filled='true']").count()).toBe(3);

      expect(await shownAdverts(page)).toHaveLength(3);
      expect(calls.sort()).toEqual(["/api/advertising/slots/footer_slot", "/api/experiments/data"]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("first paint: the server's choice in each shape; then the slot call per view, 2 s after a route change; experiments once", async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: BASE_URL });
    try {
      await context.addCookies([{ name: "cookie_consent", value: "none", url: BASE_URL }]);
      const page = await context.newPage();
      const problems = watchProblems(page);
      const calls: { path: string; at: number }[] = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith("/api/advertising/") || url.pathname.startsWith("/api/experiments/")) calls.push({ path: url.pathname + url.search, at: Date.now() });
      });
      const response = await page.goto("/", { waitUntil: "load" });
      const html = (await response?.text()) ?? "";
      // The HTML already has the slots in their shapes (no layout shift when the browser draws its own).
      const served = [...html.matchAll(/class="advert-slot advert-slot--([a-z-]+)" data-filled="true"/g)].map((m) => m[1]);
      expect(served).toHaveLength(3);
      await waitForHydration(page, problems);
      const firstIds = await shownAdverts(page);
      expect(firstIds).toHaveLength(3);
      const shapes = () => page.locator(".advert-slot[data-filled='true']").evaluateAll((slots) => slots.map((s) => s.className.replace(/.*advert-slot--/, "")));
      expect(await shapes()).toEqual(served);
      expect(calls.map((c) => c.path).sort()).toEqual(["/api/advertising/slots/footer_slot?includeAllAdverts=true", "/api/experiments/data"]);
      // child-friendly mode (the default): only flagged adverts, as the slot call answered them
      const flagged = (await queryD1<{ id: number }>("SELECT id FROM adverts WHERE child_friendly = 1")).map((r) => r.id);
      for (const id of firstIds) expect(flagged).toContain(id);

      const before = calls.length;
      const clickedAt = Date.now();
      await backToTop(page);
      await page.getByRole("banner").getByRole("link", { name: "News", exact: true }).first().click();
      await page.waitForURL(`${BASE_URL}/news`);
      await page.locator(".footer-adverts[data-waiting='true']").waitFor({ state: "attached", timeout: 10_000 });
      expect(await page.locator(".footer-adverts__slots").evaluate((ul) => getComputedStyle(ul).visibility)).toBe("hidden");
      await shownAdverts(page);
      const next = calls.slice(before);
      expect(next.map((c) => c.path)).toEqual(["/api/advertising/slots/footer_slot?includeAllAdverts=true"]); // experiments: once per page load
      expect(next[0]!.at - clickedAt).toBeGreaterThanOrEqual(ADVERT_REENABLE_MS - 50);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("screenshots: footer advert shapes and the consent choices", () => {
  // Math.random fixed so the three slots show known shapes: 0 picks mpu, banner and banner-large;
  // 0.5 picks content-feed, banner-large and banner (child-friendly mode, the seed's adverts).
  const picks = [
    { name: "mpu-banner-large", random: 0, shapes: ["mpu", "banner", "banner-large"] },
    { name: "content-feed", random: 0.5, shapes: ["content-feed", "banner-large", "banner"] },
  ];
  for (const viewport of [MOBILE, DESKTOP] satisfies Viewport[]) {
    it(`at ${viewport.width} px`, async () => {
      for (const pick of picks) {
        const context = await browser.newContext({ viewport, baseURL: BASE_URL });
        try {
          await context.addCookies([{ name: "cookie_consent", value: "1", url: BASE_URL }]);
          await context.addInitScript(`Math.random = () => ${pick.random};`);
          const page = await context.newPage();
          // The slots' 2 s after a route change is moved on by the page's clock, not waited for.
          await page.clock.install();
          await page.goto("/", { waitUntil: "load" });
          await waitForHydration(page);
          await shownAdverts(page);
          // The first view keeps the server's shapes; after a route change the slots draw afresh.
          await backToTop(page);
          await page.locator('a[href="/news"]:visible').first().click(); // the header's at 1440 px, the footer's at 375
          await page.waitForURL(`${BASE_URL}/news`);
          await page.locator(".footer-adverts[data-waiting='true']").waitFor({ state: "attached", timeout: 10_000 });
          await page.clock.runFor(ADVERT_REENABLE_MS);
          await shownAdverts(page);
          const shapes = await page.locator(".advert-slot[data-filled='true']").evaluateAll((slots) => slots.map((s) => s.className.replace(/.*advert-slot--/, "")));
          expect(shapes).toEqual(pick.shapes);
          const footer = page.locator(".footer-adverts");
          await footer.scrollIntoViewIfNeeded();
          await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>(".advert-slot img")].every((img) => img.complete && img.naturalWidth > 0), null, { timeout: 15_000 });
          if (viewport.width >= 1024) {
            // each shape at its own width
            const widths = await page.locator(".advert-slot[data-filled='true']").evaluateAll((slots) => slots.map((s) => Math.round(s.getBoundingClientRect().width)));
            const expected: Record<string, number> = { mpu: 300, banner: 728, "banner-large": 1000, "content-feed": 300 };
            expect(widths).toEqual(pick.shapes.map((s) => expected[s]));
          }
          await footer.screenshot({ path: path.join(SCREENSHOT_DIR, `footer-adverts-${pick.name}-${viewport.width}.png`) });
        } finally {
          await context.close();
        }
      }
      const { page, context } = await openPage(browser, "/", viewport);
      try {
        const popup = page.getByRole("dialog", { name: "Cookie consent" });
        await popup.getByRole("button", { name: "Manage choices" }).click();
        await waitUntilShown(popup.getByRole("button", { name: "Confirm my choices" }), true);
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `consent-choices-${viewport.width}.png`) });
      } finally {
        await context.close();
      }
    });
  }
});
