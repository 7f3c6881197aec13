// The site by keyboard alone (no mouse): the skip link comes first, focus is visible, and the
// main menu, the account panel and the cookie popup open from the keyboard, take focus, keep Tab
// inside while modal, close on Escape and give focus back to whatever opened them.
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, DESKTOP, MOBILE, launchBrowser, openPage, waitForHydration } from "./support/browser";
import { waitUntilShown } from "./support/visibility";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/** Presses Tab until `target` has focus (as a keyboard user would reach it). */
async function tabTo(page: Page, target: Locator, maxPresses = 80): Promise<void> {
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press("Tab");
    if (await isFocused(target)) return;
  }
  throw new Error(`Tab did not reach ${target} in ${maxPresses} presses`);
}

/** Describes the focused element, for failure messages. */
const focusedElement = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} "${(el.textContent ?? "").trim().slice(0, 30)}"` : "nothing";
  });

/** Focus stays inside `container` for a round of Tab (and of Shift+Tab) past its last stop. */
async function expectTabStaysInside(page: Page, container: Locator): Promise<void> {
  const stops = await container.evaluate(
    (el) => [...el.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, summary, [tabindex]")].filter((e) => e.tabIndex >= 0 && e.checkVisibility()).length,
  );
  const presses = stops + 3;
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      const inside = await container.evaluate((el) => el.contains(document.activeElement));
      expect(inside, `after ${i + 1} × ${key} focus is on ${await focusedElement(page)}`).toBe(true);
    }
  }
}

/** The focused element draws a visible ring (outline or box-shadow). */
async function expectVisibleFocus(page: Page): Promise<void> {
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    return { outline: `${style.outlineStyle} ${style.outlineWidth}`, shadow: style.boxShadow };
  });
  expect(ring.outline !== "none 0px" || ring.shadow !== "none", `focus ring of ${await focusedElement(page)}: ${JSON.stringify(ring)}`).toBe(true);
}

interface FocusStop {
  what: string;
  where: string;
  ring: boolean;
  /** in the viewport and not covered (by the fixed header, the sticky nav…) at its centre */
  seen: boolean;
}

/** Where Tab lands next, whether it draws a focus ring, and whether the supporter can see it. */
async function nextFocusStop(page: Page, key: "Tab" | "Shift+Tab"): Promise<FocusStop> {
  await page.keyboard.press(key);
  return page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    // Focus moves what may cover it or hide it: the skip link slides in, and the scroll focus causes
    // (read in the next frame) slides the header and its sticky nav copy in or out. Judge what covers
    // what once those slides have settled (a link's own small focus effects are not waited for).
    await frame();
    await frame();
    for (let round = 0; round < 5; round++) {
      const sliding = [...document.querySelectorAll("header.site-header, .sticky-nav, .skip-link")]
        .flatMap((bar) => bar.getAnimations())
        .filter((slide) => slide.playState === "running");
      if (sliding.length === 0) break;
      await Promise.all(sliding.map((slide) => slide.finished.catch(() => undefined)));
      await frame();
    }
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { what: "body", where: "", ring: true, seen: true };
    const style = getComputedStyle(el);
    const ring = (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== "none";
    const r = el.getBoundingClientRect();
    const x = Math.min(Math.max(r.left + r.width / 2, 0), window.innerWidth - 1);
    const y = Math.min(Math.max(r.top + Math.min(r.height / 2, 20), 0), window.innerHeight - 1);
    const top = document.elementFromPoint(x, y);
    const inView = r.bottom > 0 && r.top < window.innerHeight && r.right > 0 && r.left < window.innerWidth;
    const seen = inView && !!top && (el.contains(top) || top.contains(el));
    const name = (e: Element) => `${e.tagName.toLowerCase()}.${[...e.classList].join(".")}`;
    const what = `${name(el)} "${(el.textContent || el.getAttribute("aria-label") || "").trim().slice(0, 30)}" (${el.getAttribute("href") ?? ""})`;
    const where = ` at ${Math.round(r.top)}px${top && !seen ? `, covered by ${name(top)}` : ""}`;
    return { what, where, ring, seen };
  });
}

describe("keyboard", () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    for (const path of ["/", "/videos"]) {
      // A few hundred key presses, each judged in the page: slow on a busy machine.
      it(`every stop of the Tab order on ${path} draws a focus ring the supporter can see (${viewport.width} px)`, { timeout: 180_000 }, async () => {
        const context = await browser.newContext({ viewport, baseURL: BASE_URL });
        try {
          // Consent given (the popup's own keyboard test is below), so it covers nothing.
          await context.addCookies([{ name: "cookie_consent", value: "1", url: BASE_URL }]);
          const page = await context.newPage();
          await page.goto(path, { waitUntil: "load" });
          await waitForHydration(page);
          // Forward to the end of the page, then back up to the header (which slid away on the way down).
          for (const key of ["Tab", "Shift+Tab"] as const) {
            const bad: string[] = [];
            const stops = new Set<string>();
            for (let i = 0; i < 300; i++) {
              const stop = await nextFocusStop(page, key);
              if (stop.what === "body" || stops.has(stop.what)) break; // out of the document, or round again
              stops.add(stop.what);
              if (!stop.ring || !stop.seen) bad.push(`${stop.what}${stop.where}${stop.ring ? "" : " (no focus ring)"}${stop.seen ? "" : " (not visible)"}`);
            }
            expect(stops.size, `${key} stops on ${path}`).toBeGreaterThan(20);
            expect(bad, `${key} through ${path} at ${viewport.width} px`).toEqual([]);
          }
        } finally {
          await context.close();
        }
      });
    }
  }

  for (const viewport of [MOBILE, DESKTOP]) {
    // On a slow connection the home page's lower region (the Rovers TV strip) hydrates late, and Tab
    // passes its rail while the rail has no cards yet (they render in the browser): the cards that
    // then render must not push the button the supporter is on down, off the screen.
    it(`a Tab stop below the Rovers TV rail stays in place when the rail's cards render late (${viewport.width} px)`, { timeout: 180_000 }, async () => {
      const context = await browser.newContext({ viewport, baseURL: BASE_URL });
      try {
        await context.addCookies([{ name: "cookie_consent", value: "1", url: BASE_URL }]);
        const page = await context.newPage();
        await page.goto("/", { waitUntil: "load" });
        await waitForHydration(page);
        // Every script asked for from now on (the lower regions' code) waits until released.
        const held: Array<() => void> = [];
        let holding = true;
        await page.route("**/build/*.js", async (route) => {
          if (holding) await new Promise<void>((release) => held.push(release));
          await route.continue();
        });
        const packages = page.locator("#home-lower .subscribe-promo").getByRole("link", { name: "View Packages" });
        await tabTo(page, packages);
        const rail = page.locator("#home-lower .tv-strip__rail");
        expect(await rail.getAttribute("data-deferred"), "the rail's cards were held back").toBe("true");
        const before = await waitUntilShown(packages, true);

        holding = false;
        for (const release of held.splice(0)) release();
        await page.locator("#home-lower[data-hydrated]").waitFor({ state: "attached", timeout: 30_000 });
        await expect.poll(() => rail.getAttribute("data-deferred")).toBeNull();
        await expect.poll(() => rail.locator(".video-card__link").count()).toBeGreaterThan(0);
        // Their dates print once the date code has come (ClubTime).
        await expect.poll(() => rail.locator("time").first().textContent()).not.toBe("");
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        expect(await isFocused(packages), `focus: ${await focusedElement(page)}`).toBe(true);
        const after = await waitUntilShown(packages, true);
        expect(after.top, "the focused button moved when the rail's cards rendered").toBe(before.top);
      } finally {
        await context.close();
      }
    });
  }

  it("the first Tab reaches 'Skip to content', shown on focus; Enter moves to the main content", async () => {
    const { page, context } = await openPage(browser, "/news", MOBILE);
    try {
      const skip = page.getByRole("link", { name: "Skip to content" });
      await waitUntilShown(skip, false);
      await page.keyboard.press("Tab");
      expect(await isFocused(skip), `first Tab focused ${await focusedElement(page)}`).toBe(true);
      await waitUntilShown(skip, true);
      await expectVisibleFocus(page);
      await page.keyboard.press("Enter");
      expect(await isFocused(page.getByRole("main"))).toBe(true);
      // The next Tab continues inside the page's content, past the header.
      await page.keyboard.press("Tab");
      const inMain = await page.getByRole("main").evaluate((el) => el.contains(document.activeElement));
      expect(inMain, `after the skip link Tab went to ${await focusedElement(page)}`).toBe(true);
    } finally {
      await context.close();
    }
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    it(`main menu: Enter opens it, Tab stays inside, Escape closes it and focus returns to the burger (${viewport.width} px)`, async () => {
      const { page, context } = await openPage(browser, "/", viewport);
      try {
        const burger = page.getByRole("banner").getByRole("button", { name: "Open menu" });
        const menu = page.getByRole("dialog", { name: "Menu" });
        await tabTo(page, burger);
        await expectVisibleFocus(page);
        await page.keyboard.press("Enter");
        await waitUntilShown(menu, true);
        expect(await isFocused(menu.getByRole("button", { name: "Close menu" }))).toBe(true);
        // A branch of the page tree opens from the keyboard too (the tree arrives with the first opening).
        const club = menu.locator("summary", { hasText: "Club Information" });
        // It may sit below the drawer's fold (the menu layouts list more above it): attached is enough, Tab scrolls to it.
        await club.waitFor({ state: "attached", timeout: 30_000 });
        await tabTo(page, club);
        await page.keyboard.press("Enter");
        await waitUntilShown(menu.locator('a[href="/club-information/contact-us"]'), true);

        await expectTabStaysInside(page, menu);
        await page.keyboard.press("Escape");
        await waitUntilShown(menu, false);
        expect(await isFocused(burger), `focus after Escape: ${await focusedElement(page)}`).toBe(true);

        // Space opens it as well; its close button closes it (by keyboard).
        await page.keyboard.press("Space");
        await waitUntilShown(menu, true);
        await page.keyboard.press("Enter"); // the close button has focus
        await waitUntilShown(menu, false);
        expect(await isFocused(burger)).toBe(true);
      } finally {
        await context.close();
      }
    });

    it(`account panel: Space on 'Log In' opens it, Tab stays inside, Escape closes it and focus returns (${viewport.width} px)`, async () => {
      const { page, context } = await openPage(browser, "/news", viewport);
      try {
        const opener = page.getByRole("banner").getByRole("button", { name: "Log In" });
        const panel = page.getByRole("dialog", { name: /Sign in to your/ });
        await tabTo(page, opener);
        await page.keyboard.press("Space");
        await waitUntilShown(panel, true);
        const inside = await panel.evaluate((el) => el.contains(document.activeElement));
        expect(inside, `focus after opening: ${await focusedElement(page)}`).toBe(true);
        await expectTabStaysInside(page, panel);
        await page.keyboard.press("Escape");
        await waitUntilShown(panel, false);
        expect(await isFocused(opener), `focus after Escape: ${await focusedElement(page)}`).toBe(true);

        await page.keyboard.press("Enter");
        await waitUntilShown(panel, true);
        await page.keyboard.press("Escape");
        await waitUntilShown(panel, false);
        expect(await isFocused(opener)).toBe(true);
      } finally {
        await context.close();
      }
    });
  }

  it("Shift+Tab back into the header brings it back into view after it slid away", async () => {
    const { page, context } = await openPage(browser, "/news", DESKTOP);
    try {
      const header = page.getByRole("banner");
      // Skip link, then into the page and down to its end: the header slides away.
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      await page.keyboard.press("End");
      await expect.poll(() => header.getAttribute("data-hidden")).toBe("true");
      const burger = header.getByRole("button", { name: "Open menu" });
      for (let i = 0; i < 15 && !(await isFocused(burger)); i++) await page.keyboard.press("Shift+Tab");
      expect(await isFocused(burger), `focus: ${await focusedElement(page)}`).toBe(true);
      await expect.poll(() => header.getAttribute("data-hidden")).toBe("false");
      await waitUntilShown(burger, true);
    } finally {
      await context.close();
    }
  });

  it("cookie popup: reached right after the skip link, Escape hides it without consent, Enter on Accept consents", async () => {
    const { page, context } = await openPage(browser, "/", MOBILE);
    try {
      const popup = page.getByRole("dialog", { name: "Cookie consent" });
      await waitUntilShown(popup, true);
      const skip = page.getByRole("link", { name: "Skip to content" });
      await page.keyboard.press("Tab");
      expect(await isFocused(skip)).toBe(true);
      await page.keyboard.press("Tab");
      expect(await popup.evaluate((el) => el.contains(document.activeElement)), `second Tab: ${await focusedElement(page)}`).toBe(true);
      await expectVisibleFocus(page);
      await page.keyboard.press("Escape");
      await waitUntilShown(popup, false);
      expect(await isFocused(skip), `focus after Escape: ${await focusedElement(page)}`).toBe(true);
      expect((await context.cookies()).some((c) => c.name === "cookie_consent")).toBe(false);

      // Not consented, so it is back on the next page view; this time Accept, by keyboard.
      await page.reload({ waitUntil: "load" });
      await waitUntilShown(popup, true);
      const accept = popup.getByRole("button", { name: "Accept" });
      await tabTo(page, accept);
      await page.keyboard.press("Enter");
      await waitUntilShown(popup, false);
      expect((await context.cookies()).some((c) => c.name === "cookie_consent" && c.value === "1")).toBe(true);
    } finally {
      await context.close();
    }
  });
});
