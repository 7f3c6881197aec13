// A client navigation as a reader makes it: a fresh Chromium context at 1440 px opens `/`, waits
// until it has hydrated and the network is quiet, then clicks the header's News link and, on the
// listing, the first article's card (it opens as the news child view). For each step: the time
// from the click to the new page's content on screen, and every response that arrived from the
// click until the content showed and the network was quiet again (raw and gzip -9, by kind).
// Run alone: BENCH_PORT=8824 node scripts/bench-navigation.mjs (against a running server), or
// through `npm run bench` (BENCH_ONLY=navigation runs only this and the first visits).
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";

const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"];
const KINDS = { document: "html", script: "js", stylesheet: "css", image: "image", font: "font", fetch: "data", xhr: "data", media: "media" };
const QUIET_MS = 1_000;
const STEP_TIMEOUT_MS = 30_000;

/** The two steps: what to click, and when the new page's content is on screen. */
const STEPS = [
  {
    name: "`/` → `/news`",
    click: 'header a[href="/news"]',
    shown: () => location.pathname === "/news" && document.querySelector("main .news-grid a[href^='/news/']") !== null,
  },
  {
    name: "`/news` → an article",
    click: "main .news-grid a[href^='/news/']",
    shown: () => location.pathname.startsWith("/news/") && document.querySelector(".article .article__title") !== null,
  },
];

/**
 * `runs` fresh visits, each making both steps; returns per step the median time (ms) and the
 * median bytes, with every run's figures.
 */
export async function navigations(baseUrl, runs = 5) {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS });
  const results = STEPS.map((step) => ({ name: step.name, runs: [] }));
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
      // Consent given and the overlay promos seen (the demo content has a handful; ids 1–50 cover
      // them), so neither the cookie popup nor a promo covers the links or changes between runs.
      const { hostname } = new URL(baseUrl);
      const seen = Array.from({ length: 50 }, (_, i) => i + 1).join(",");
      await context.addCookies([
        { name: "cookie_consent", value: "1", domain: hostname, path: "/" },
        { name: "promos_seen", value: seen, domain: hostname, path: "/" },
      ]);
      const page = await context.newPage();
      let pending = [];
      page.on("response", (response) => {
        // A beacon's answer (the tracking events' POST) is not read: asking Chromium for the body
        // of a request the page has let go of closes the page. Its body is empty anyway (202).
        if (response.request().method() !== "GET") {
          pending.push(Promise.resolve({ url: new URL(response.url()).pathname, kind: "beacon", raw: 0, gzip: 0 }));
          return;
        }
        pending.push(
          response.body().then(
            (body) => ({ url: new URL(response.url()).pathname, kind: KINDS[response.request().resourceType()] ?? "other", raw: body.length, gzip: gzipSync(body, { level: 9 }).length }),
            () => null,
          ),
        );
      });
      await page.goto("/", { waitUntil: "load", timeout: 60_000 });
      await page.waitForSelector("html[data-hydrated]", { timeout: 60_000 });
      await quiet(page, () => pending.length);
      for (const [i, step] of STEPS.entries()) {
        pending = [];
        const link = page.locator(step.click).first();
        await link.waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
        const started = performance.now();
        await link.click();
        await page.waitForFunction(step.shown, undefined, { timeout: STEP_TIMEOUT_MS, polling: "raf" });
        const ms = performance.now() - started;
        await quiet(page, () => pending.length);
        const responses = (await Promise.all(pending)).filter(Boolean);
        results[i].runs.push({ ms, responses });
        console.log(`navigation run ${run + 1}: ${step.name} ${ms.toFixed(0)} ms, ${responses.length} responses`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results.map(({ name, runs: all }) => {
    const bytes = all.map((r) => r.responses.reduce((s, x) => ({ raw: s.raw + x.raw, gzip: s.gzip + x.gzip, files: s.files + 1 }), { raw: 0, gzip: 0, files: 0 }));
    return {
      name,
      ms: median(all.map((r) => r.ms)),
      msAll: all.map((r) => r.ms),
      gzip: median(bytes.map((b) => b.gzip)),
      raw: median(bytes.map((b) => b.raw)),
      files: median(bytes.map((b) => b.files)),
      // the last run's responses, to see what a step fetched
      last: all.at(-1)?.responses ?? [],
    };
  });
}

/** Until no response has arrived for a second (at most 20 s: a page that polls is quiet enough then). */
async function quiet(page, count) {
  const until = Date.now() + 20_000;
  for (let seen = -1; seen !== count() && Date.now() < until; ) {
    seen = count();
    await page.waitForLoadState("networkidle", { timeout: 20_000 }).catch(() => undefined);
    await page.waitForTimeout(QUIET_MS);
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const kb = (n) => `${(n / 1024).toFixed(1)} kB`;

/** The markdown table of `navigations()`. */
export function navigationTable(steps) {
  return [
    "| step | time to content (median) | runs (ms) | files | raw | gzip |",
    "|---|---:|---:|---:|---:|---:|",
    ...steps.map((s) => `| ${s.name} | ${s.ms.toFixed(0)} ms | ${s.msAll.map((m) => m.toFixed(0)).join(", ")} | ${s.files} | ${kb(s.raw)} | ${kb(s.gzip)} |`),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.BENCH_PORT || 8798);
  const steps = await navigations(`http://127.0.0.1:${port}`, Number(process.env.BENCH_RUNS || 5));
  console.log(navigationTable(steps).join("\n"));
  for (const s of steps) console.log(`\n${s.name}, last run:\n${s.last.map((r) => `  ${r.kind} ${r.url} ${kb(r.gzip)}`).join("\n")}`);
}
