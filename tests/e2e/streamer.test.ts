// Spec §2 'Streamer layout': /streamer has its own layout: the tagline, header links that scroll to
// the sections (offset -80 px, 400 ms), a sticky copy of the header, the sections with the packages
// widget, six troubleshooting FAQs and ten replays, and a footer with social and legal links.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, launchBrowser, openPage, saveScreenshot } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const FAQS = ["I've paid but can't watch", "'Media not found'", "Can I watch on my phone?", "Does it work with a VPN?", "What speed do I need?", "Can I get a refund?"];

describe("/streamer", () => {
  it("its own layout: tagline, sections, six FAQs, ten replays, social and legal links; no site header or menu", async () => {
    const { page, context, response, problems } = await openPage(browser, "/streamer", DESKTOP);
    try {
      expect(response?.status()).toBe(200);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Official Streaming Site of Northbridge Rovers FC");
      expect(await page.locator("main h2").allTextContents()).toEqual(
        expect.arrayContaining(["Upcoming Game", "Available Packages", "Redeem a voucher code", "Upcoming Fixtures", "Troubleshooting", "Replays"]),
      );
      expect(await page.locator("#troubleshooting summary").allTextContents()).toEqual(FAQS);
      expect(await page.locator("#videos .video-card").count()).toBe(10);
      expect(await page.locator("header.site-header").count()).toBe(0);
      const footer = page.getByRole("contentinfo");
      expect(await footer.locator(".social-links a").count()).toBe(6);
      expect(await footer.getByRole("navigation", { name: "Legal" }).getByRole("link").allTextContents()).toContain("Cookie Policy");
      await expect.poll(() => page.locator("#packages .package-card").count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("a header link scrolls its section to 80 px below the top; the sticky copy shows once the header has left", async () => {
    const { page, context } = await openPage(browser, "/streamer", DESKTOP);
    try {
      const sticky = page.locator(".streamer-sticky");
      expect(await sticky.getAttribute("aria-hidden")).toBe("true");
      await page.getByRole("navigation", { name: "Sections", exact: true }).getByRole("link", { name: "Troubleshooting" }).click();
      // 400 ms of animation: the section ends 80 px from the top and takes the focus
      await expect.poll(() => page.evaluate(() => Math.round(document.getElementById("troubleshooting")!.getBoundingClientRect().top)), { timeout: 5_000 }).toBe(80);
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("troubleshooting");
      await expect.poll(() => sticky.getAttribute("aria-hidden")).toBe("false");
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => sticky.getAttribute("aria-hidden")).toBe("true");
    } finally {
      await context.close();
    }
  });

  it("screenshots at 375 and 1440 px", async () => {
    for (const viewport of [MOBILE, DESKTOP]) {
      const { page, context } = await openPage(browser, "/streamer", viewport);
      try {
        await expect.poll(() => page.locator("#packages .package-card").count(), { timeout: 15_000 }).toBeGreaterThan(0);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await saveScreenshot(page, "streamer");
      } finally {
        await context.close();
      }
    }
  });
});
