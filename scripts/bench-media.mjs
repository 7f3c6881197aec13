// The Rovers TV part of `npm run bench`: time and bytes from pressing play on a replay
// to its first decoded frame in Chromium (signed in as the Rovers TV demo account through the
// dev portal), and the playback token / cookie wrk needs to load one /media segment.
import { chromium } from "playwright-core";

const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"];
const BENCH_ACCOUNT = "tv@rovers.test";

/** A full match replay the mid tier unlocks, from the content API. */
async function midTierReplay(baseUrl) {
  const response = await fetch(`${baseUrl}/api/content/videos?category=full-match-replays&pageSize=48`);
  const { items } = await response.json();
  const replay = items.find((v) => v.entitlements.includes("roverstv") && !v.entitlements.includes("freemium"));
  if (!replay) throw new Error("no mid-tier replay in the seed");
  return replay;
}

export async function signIn(page, email) {
  const startPath = new URL(page.url()).pathname;
  await page.locator("header.site-header").getByRole("button", { name: "Log In" }).click();
  await page.locator("#account-panel").getByRole("link", { name: "Log In" }).click();
  await page.waitForURL(/\/sso\//);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill("rovers-demo");
  await page.getByRole("button", { name: "Log In" }).click();
  await page.waitForURL((url) => url.pathname === startPath);
  await page.waitForSelector("html[data-hydrated]", { timeout: 30_000 });
}

/** The first media segment's URL (the master's first, largest rendition, with a fresh token) from the gate's master playlist. */
async function segmentUrl(page, entryId) {
  return page.evaluate(async (id) => {
    const gate = await fetch("/api/playback", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ entryId: id }) });
    if (!gate.ok) throw new Error(`POST /api/playback → ${gate.status}`);
    const master = new URL((await gate.json()).data.attributes.url, location.href);
    const uris = (text) => text.split("\n").filter((line) => line && !line.startsWith("#"));
    const variant = new URL(uris(await (await fetch(master)).text())[0], master);
    return new URL(uris(await (await fetch(variant)).text())[0], variant).href;
  }, entryId);
}

/**
 * Opens a replay signed in, presses play and waits for the first frame ('loadeddata'). Bytes are
 * every response's transfer size (headers + body) from the press to that frame: the player chunk,
 * hls.js, the gate, playlists and segments. Returns the figures and what wrk needs afterwards.
 */
export async function firstFrame(baseUrl) {
  const replay = await midTierReplay(baseUrl);
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
    // A returning subscriber who has seen the overlay promos: this measures play to first frame, not the promo.
    const promos = await (await fetch(`${baseUrl}/api/promo-overlays/?channel=Web`)).json();
    const seen = (Array.isArray(promos) ? promos : []).map((p) => p.promoID).join(",");
    await context.addCookies([{ name: "promos_seen", value: seen, url: baseUrl }]);
    const page = await context.newPage();
    await page.goto(`/videos/${replay.entryId}`, { waitUntil: "load" });
    await page.waitForSelector("html[data-hydrated]", { timeout: 30_000 });
    await signIn(page, BENCH_ACCOUNT);
    const play = page.getByRole("button", { name: `Play ${replay.title}` });
    await play.waitFor({ timeout: 30_000 });

    let counting = false;
    const sizes = [];
    page.on("requestfinished", (request) => {
      if (counting) sizes.push(request.sizes().then((s) => ({ url: request.url(), bytes: s.responseHeadersSize + s.responseBodySize })).catch(() => null));
    });
    await page.evaluate(() => {
      const marks = (window.__benchFrame = { start: 0, frame: 0 });
      document.addEventListener("loadeddata", () => (marks.frame ||= performance.now()), true);
    });
    counting = true;
    await page.evaluate(() => (window.__benchFrame.start = performance.now()));
    await play.click();
    await page.waitForFunction(() => window.__benchFrame.frame > 0, null, { timeout: 60_000 });
    const { start, frame } = await page.evaluate(() => window.__benchFrame);
    counting = false;
    const done = (await Promise.all(sizes)).filter(Boolean);
    const bytes = done.reduce((sum, s) => sum + s.bytes, 0);
    const segment = await segmentUrl(page, replay.entryId);
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    return { replay, ms: frame - start, bytes, requests: done.length, segment, cookie };
  } finally {
    await browser.close();
  }
}

const uris = (text) => text.split("\n").filter((line) => line && !line.startsWith("#"));

/**
 * A live video stream the Rovers TV account may watch (the press conference), through the session
 * check with the cookie of firstFrame's sign-in. Returns a function that reads the live playlist
 * again and gives its first segment's URL: the segment token in it lives 12 s, so every wrk run
 * takes a fresh one just before it starts.
 */
export async function liveSegment(baseUrl, cookie) {
  const check = await fetch(`${baseUrl}/api/session/check`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify({ data: { attributes: { videoID: "press-conference", mediaType: "video" } } }),
  });
  if (!check.ok) throw new Error(`POST /api/session/check → ${check.status}`);
  const playlist = new URL((await check.json()).data.attributes.url, baseUrl);
  return async () => {
    const res = await fetch(playlist, { headers: { cookie } });
    if (!res.ok) throw new Error(`GET live playlist → ${res.status}`);
    return new URL(uris(await res.text())[0], playlist).href;
  };
}

/**
 * For an on-demand segment URL (the one firstFrame found): a function that loads its rendition's
 * playlist again with the same playback token and the cookie, and gives the URL of the same
 * segment with its fresh segment token (it lives 12 s).
 */
export function vodSegment(segmentUrl, cookie) {
  const segment = new URL(segmentUrl);
  const file = segment.pathname.slice(segment.pathname.lastIndexOf("/") + 1);
  const playlist = new URL(`index.m3u8?token=${encodeURIComponent(segment.searchParams.get("token") ?? "")}`, segment);
  return async () => {
    const res = await fetch(playlist, { headers: { cookie } });
    if (!res.ok) throw new Error(`GET on-demand playlist → ${res.status}`);
    const line = uris(await res.text()).find((uri) => uri.startsWith(`${file}?`));
    if (!line) throw new Error(`${file} is not in its playlist`);
    return new URL(line, playlist).href;
  };
}
