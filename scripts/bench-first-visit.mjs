// What a new visitor's browser downloads: a fresh Chromium context (no cookies, so the
// cookie popup and the overlay promo come too) opens the page and every response is counted until
// it has hydrated and no response has arrived for 2 s, by resource type. Each body is weighed raw and gzip -9, as
// a CDN would send it: local workerd serves the files uncompressed.
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";

const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"];
/** Playwright's resource types, folded into the rows of the table. */
const KINDS = { document: "html", script: "js", stylesheet: "css", image: "image", font: "font", fetch: "data", xhr: "data", media: "media" };

/** Every response of a first visit to each path: `{ [path]: [{ url, kind, raw, gzip }] }`. */
export async function firstVisits(baseUrl, paths) {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS });
  const visits = {};
  try {
    for (const pathname of paths) {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 375, height: 812 } });
      const page = await context.newPage();
      const pending = [];
      page.on("response", (response) => {
        pending.push(
          response.body().then(
            (body) => ({
              url: new URL(response.url()).pathname,
              kind: KINDS[response.request().resourceType()] ?? "other",
              raw: body.length,
              gzip: gzipSync(body, { level: 9 }).length,
              // hls.js and the player carry the back buffer setting; a first visit must download neither.
              player: body.includes("backBufferLength"),
            }),
            // a redirect or an aborted request has no body: nothing downloaded
            () => null,
          ),
        );
      });
      await page.goto(pathname, { waitUntil: "load", timeout: 60_000 });
      await page.waitForSelector("html[data-hydrated]", { timeout: 60_000 });
      await quiet(page, pending);
      visits[pathname] = (await Promise.all(pending)).filter(Boolean);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return visits;
}

const QUIET_MS = 2_000;

/** Waits until no response has arrived for 2 s: what hydration and its effects ask for comes in first. */
async function quiet(page, pending) {
  for (let seen = -1; seen !== pending.length; ) {
    seen = pending.length;
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(QUIET_MS);
  }
}

/** Totals per kind: `{ js: { files, raw, gzip }, ... }`. */
export function byKind(responses) {
  const totals = {};
  for (const r of responses) {
    const t = (totals[r.kind] ??= { files: 0, raw: 0, gzip: 0 });
    t.files += 1;
    t.raw += r.raw;
    t.gzip += r.gzip;
  }
  return totals;
}
