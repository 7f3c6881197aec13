#!/usr/bin/env node
// `npm run bench`: figures, not pass/fail. Builds the client, sets up a D1 state of its own
// (.wrangler/bench-state), starts `wrangler dev` on 127.0.0.1:${BENCH_PORT:-8798}, warms up, then in
// one run measures with wrk (2 threads, 20 connections, 10 s each) GET / and GET /news (from the page
// cache, and rendered each time) and a static file
// of the same server, weighs everything a new visitor's Chromium downloads on / and /videos until the
// network is idle (scripts/bench-first-visit.mjs; gzip, by kind; no player or hls.js in /videos), and
// runs Lighthouse (mobile, performance + accessibility) three times on /, /news and /videos with
// Debian's Chromium, reporting the median run and the spread. For Rovers TV it measures bytes and time from
// play to a replay's first frame in Chromium (scripts/bench-media.mjs) and a /media segment under
// wrk beside the static file, and the news search API on the seeded and on 50,000 generated articles
// (scripts/bench-search.mjs; BENCH_ONLY=search runs only that; BENCH_ONLY=lighthouse only Lighthouse;
// BENCH_ONLY=media only the /media segments beside the static file), and the bytes of a 4000 px photo
// served at 375 px (scripts/bench-photos.mjs; BENCH_ONLY=photos only that), the on-demand
// pipeline's transcode speed and a segment from R2 beside static assets (scripts/bench-transcode.mjs;
// BENCH_ONLY=transcode only that), and the newsroom: 20 publishes timed until /news shows them, and
// the console's article list on 50,000 articles (scripts/bench-newsroom.mjs; BENCH_ONLY=newsroom
// only that). Prints
// markdown tables (also written to test-results/bench.md). Loopback only; stops by itself.
import { execFileSync, spawn } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { loadavg } from "node:os";
import { bin, devTranscoderToken, root, run, runOrThrow } from "./run-command.mjs";
import { setupDb } from "./setup-db.mjs";
import { startServer, stopServer } from "./start-server.mjs";
import { firstFrame, liveSegment, vodSegment } from "./bench-media.mjs";
import { startLiveMedia } from "./e2e-live.mjs";
import { searchBench } from "./bench-search.mjs";
import { byKind, firstVisits } from "./bench-first-visit.mjs";
import { navigations, navigationTable } from "./bench-navigation.mjs";
import { photoFigures, photoLines } from "./bench-photos.mjs";
import { transcodeFigures, transcodeLines } from "./bench-transcode.mjs";
import { demoVideos, startTranscoder } from "./demo-videos.mjs";
import { newsroomBench } from "./bench-newsroom.mjs";

const PERSIST_TO = ".wrangler/bench-state";
const port = Number(process.env.BENCH_PORT || 8798);
const DURATION_S = Number(process.env.BENCH_SECONDS || 10);
const THREADS = 2;
const CONNECTIONS = 20;
// Pages rendered each time are measured with fewer connections: with 20 in flight, local workerd on
// the shared 2-core machine drops its D1 connections ("Network connection lost") and wrangler exits.
const RENDER_CONNECTIONS = 4;

function which(name) {
  try {
    return execFileSync("bash", ["-c", `command -v ${name}`], { encoding: "utf8" }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** wrk, installed from Debian when missing; autocannon only if it is already in node_modules. */
async function loadTool() {
  let wrk = which("wrk");
  if (!wrk && process.getuid?.() === 0) {
    console.log("wrk is missing: installing it from Debian");
    await run("bash", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk"]);
    wrk = which("wrk");
  }
  if (wrk) return { name: "wrk", measure: (url, seconds, headers, connections) => measureWithWrk(wrk, url, seconds, headers, connections) };
  const autocannon = bin("autocannon");
  if (existsSync(autocannon)) return { name: "autocannon", measure: (url, seconds, headers, connections) => measureWithAutocannon(autocannon, url, seconds, headers, connections) };
  throw new Error("Neither wrk nor autocannon is available: apt-get install -y wrk");
}

/** Runs a load tool with a hard time limit, so the bench always ends. */
function capture(command, args, limitMs, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, ...env } });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), limitMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${path.basename(command)} exited with ${code}:\n${out}`));
    });
  });
}

function ms(text) {
  const m = /([\d.]+)(us|ms|s)/.exec(text ?? "");
  if (!m) return NaN;
  const value = Number(m[1]);
  return m[2] === "us" ? value / 1000 : m[2] === "s" ? value * 1000 : value;
}

const headerArgs = (flag, headers = {}) => Object.entries(headers).flatMap(([k, v]) => [flag, `${k}: ${v}`]);

async function measureWithWrk(wrk, url, seconds, headers, connections = CONNECTIONS) {
  const out = await capture(
    wrk,
    [`-t${THREADS}`, `-c${connections}`, `-d${seconds}s`, "--timeout", "10s", "--latency", ...headerArgs("-H", headers), url],
    (seconds + 20) * 1000,
  );
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p50 = ms(/\s50%\s+(\S+)/.exec(out)?.[1]);
  const p99 = ms(/\s99%\s+(\S+)/.exec(out)?.[1]);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const bad = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const socketErrors = /Socket errors:.*/.exec(out)?.[0];
  return { rps, p50, p99, requests, bad, socketErrors };
}

async function measureWithAutocannon(autocannon, url, seconds, headers, connections = CONNECTIONS) {
  const out = await capture(
    autocannon,
    ["-c", String(connections), "-w", String(THREADS), "-d", String(seconds), "--json", ...headerArgs("-H", headers), url],
    (seconds + 30) * 1000,
  );
  const result = JSON.parse(out.slice(out.indexOf("{")));
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    bad: result.non2xx ?? 0,
    socketErrors: result.errors ? `errors ${result.errors}` : undefined,
  };
}

const LIGHTHOUSE_PAGES = ["/", "/news", "/videos"];
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"];

/**
 * Lighthouse's default (mobile) run, performance and accessibility only, against the local server.
 * The score comes from its simulated slow-4G/4x-CPU model, so it is comparable between runs on
 * this machine; the JSON reports stay in test-results/lighthouse/.
 */
async function lighthouse(baseUrl, pathname, run = 1) {
  const dir = path.join(root, "test-results", "lighthouse");
  mkdirSync(dir, { recursive: true });
  const out = path.join(dir, `${pathname === "/" ? "home" : pathname.slice(1).replace(/\W+/g, "-")}-${run}.json`);
  const args = [
    baseUrl + pathname,
    "--only-categories=performance,accessibility",
    "--output=json",
    `--output-path=${out}`,
    `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
    "--quiet",
  ];
  // Lighthouse now and then loses the trace of a page load (NO_NAVSTART) on a busy machine: one more try.
  for (let attempt = 1; ; attempt++) {
    try {
      await capture(bin("lighthouse"), args, 180_000, { CHROME_PATH: process.env.CHROME_PATH || "/usr/bin/chromium" });
      break;
    } catch (error) {
      if (attempt >= 2) throw error;
      console.log(`Lighthouse ${pathname} failed (${String(error.message).split("\n")[0]}); trying once more`);
    }
  }
  const report = JSON.parse(readFileSync(out, "utf8"));
  const audit = (id) => report.audits[id]?.numericValue;
  return {
    path: pathname,
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    lcp: audit("largest-contentful-paint"),
    tbt: audit("total-blocking-time"),
    domElements: audit("dom-size"),
    failing: report.categories.accessibility.auditRefs
      .filter((ref) => ref.weight > 0 && report.audits[ref.id]?.score === 0)
      .map((ref) => ref.id),
  };
}

const LIGHTHOUSE_RUNS = 3;

/** Lighthouse three times on a page; the run with the median performance score, and the spread of all three. */
async function lighthouseMedian(baseUrl, pathname) {
  const runs = [];
  for (let i = 1; i <= LIGHTHOUSE_RUNS; i++) {
    console.log(`Lighthouse (mobile) ${pathname}, run ${i} of ${LIGHTHOUSE_RUNS}…`);
    runs.push(await lighthouse(baseUrl, pathname, i));
  }
  const byScore = [...runs].sort((a, b) => a.performance - b.performance || a.tbt - b.tbt);
  const spread = (key) => [Math.min(...runs.map((r) => r[key])), Math.max(...runs.map((r) => r[key]))];
  return { ...byScore[Math.floor(runs.length / 2)], spread: { performance: spread("performance"), tbt: spread("tbt"), lcp: spread("lcp") } };
}

function lighthouseTable(audits) {
  const range = ([low, high], format) => (low === high ? "" : ` (${format(low)}–${format(high)})`);
  const lines = [
    `Lighthouse 12 mobile (simulated slow 4G, 4x CPU slowdown), Debian Chromium headless, ${LIGHTHOUSE_RUNS} runs per page: the median run, with the spread of the ${LIGHTHOUSE_RUNS} in brackets; DOM elements from its \`dom-size\` audit:`,
    "",
    "| page | performance | accessibility | LCP | TBT | DOM elements |",
    "|---|---:|---:|---:|---:|---:|",
  ];
  for (const a of audits) {
    const failing = a.failing.length ? ` (${a.failing.join(", ")})` : "";
    lines.push(
      `| \`${a.path}\` | ${a.performance}${range(a.spread.performance, String)} | ${a.accessibility}${failing} | ${fixed(a.lcp / 1000, 1)} s${range(a.spread.lcp, (v) => fixed(v / 1000, 1))} | ${fixed(a.tbt)} ms${range(a.spread.tbt, (v) => fixed(v))} | ${fixed(a.domElements)} |`,
    );
  }
  return lines;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const fixed = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");

async function main() {
  await runOrThrow(process.execPath, [path.join(root, "scripts", "build-client.mjs")]);
  // BENCH_ONLY=search: only the news search figures (scripts/bench-search.mjs).
  if (process.env.BENCH_ONLY === "search") return reportSearch(await loadTool());
  // BENCH_ONLY=newsroom: only publishing to /news and the console's list on 50,000 articles (scripts/bench-newsroom.mjs).
  if (process.env.BENCH_ONLY === "newsroom") return reportNewsroom();
  await setupDb({ persistTo: PERSIST_TO });
  const tool = await loadTool();
  // wrangler bundles the worker with NODE_ENV from its environment, "development" by default for
  // `wrangler dev`; React's development build renders pages about 10x slower, so the bench measures
  // the production build that `wrangler deploy` ships.
  const server = await startServer({
    port,
    persistTo: PERSIST_TO,
    logFile: "test-results/bench-server.log",
    env: { NODE_ENV: "production" },
  });
  try {
    // BENCH_ONLY=media: only the /media segments and the static file, to compare a change to the media path.
    if (process.env.BENCH_ONLY === "media") {
      const html = await (await fetch(`${server.baseUrl}/`)).text();
      const css = /<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/.exec(html)?.[1];
      const media = await mediaFigures(tool, server.baseUrl, css ?? "/favicon.svg");
      const table = ["| figure | value |", "|---|---:|", ...mediaLines(media)].join("\n");
      console.log(`\nMeasured ${new Date().toISOString()} with BENCH_ONLY=media: ${tool.name}, ${THREADS} threads, ${CONNECTIONS} connections, load average ${loadavg().map((n) => n.toFixed(2)).join(" ")} at the end\n\n${table}`);
      return;
    }
    // BENCH_ONLY=transcode: only the on-demand pipeline: transcode speed, a segment from R2 beside static assets (scripts/bench-transcode.mjs).
    if (process.env.BENCH_ONLY === "transcode") {
      const table = ["| figure | value |", "|---|---:|", ...transcodeLines(await transcodeFigures(server.baseUrl))].join("\n");
      console.log(`\nMeasured ${new Date().toISOString()} with BENCH_ONLY=transcode, load average ${loadavg().map((n) => n.toFixed(2)).join(" ")} at the end\n\n${table}`);
      return;
    }
    // BENCH_ONLY=photos: only the media library's resized photo (scripts/bench-photos.mjs).
    if (process.env.BENCH_ONLY === "photos") {
      const table = ["| figure | value |", "|---|---:|", ...photoLines(await photoFigures(server.baseUrl))].join("\n");
      console.log(`\nMeasured ${new Date().toISOString()} with BENCH_ONLY=photos, load average ${loadavg().map((n) => n.toFixed(2)).join(" ")} at the end\n\n${table}`);
      return;
    }
    // BENCH_ONLY=lighthouse: only the Lighthouse table, to iterate on a page's paint without the load tests.
    if (process.env.BENCH_ONLY === "lighthouse") {
      const audits = [];
      for (const pathname of LIGHTHOUSE_PAGES) audits.push(await lighthouseMedian(server.baseUrl, pathname));
      console.log(lighthouseTable(audits).join("\n"));
      return;
    }
    // BENCH_ONLY=navigation: the first visits and the client navigation only, to compare a change to the data path.
    if (process.env.BENCH_ONLY === "navigation") {
      const visits = await firstVisits(server.baseUrl, ["/", "/videos"]);
      const steps = await navigations(server.baseUrl);
      const lines = ["| page | JS files | JS raw | JS gzip | all gzip |", "|---|---:|---:|---:|---:|"];
      for (const [pathname, responses] of Object.entries(visits)) {
        const js = byKind(responses).js ?? { files: 0, raw: 0, gzip: 0 };
        lines.push(`| \`${pathname}\` | ${js.files} | ${kb(js.raw)} | ${kb(js.gzip)} | ${kb(responses.reduce((s, r) => s + r.gzip, 0))} |`);
      }
      console.log(`\nMeasured ${new Date().toISOString()} with BENCH_ONLY=navigation, load average ${loadavg().map((n) => n.toFixed(2)).join(" ")} at the end\n\n${lines.join("\n")}\n\n${navigationTable(steps).join("\n")}`);
      for (const s of steps) console.log(`\n${s.name}, last run:\n${s.last.map((r) => `  ${r.kind} ${r.url} ${kb(r.gzip)}`).join("\n")}`);
      return;
    }
    const home = await fetch(`${server.baseUrl}/`);
    if (home.status !== 200) throw new Error(`GET / answered ${home.status}; fix the page before measuring it`);
    // A new visitor's first visit to / and to /videos: everything their browser fetches until the network is idle.
    console.log("Chromium: first visits to / and /videos…");
    const visits = await firstVisits(server.baseUrl, ["/", "/videos"]);
    const weighed = visits["/"];

    // The static file: the built stylesheet served from public/build/ (or the favicon) by the asset layer.
    const css = weighed.find((a) => a.kind === "css");
    const staticPath = css ? css.url : "/favicon.svg";
    // Pages come from the worker's page cache after their first render (worker/pages/page-cache.ts);
    // `Cache-Control: no-cache` makes the worker render every request, so both figures are shown.
    const noCache = { "Cache-Control": "no-cache" };
    const targets = [
      { label: "SSR `GET /` (page cache)", path: "/" },
      { label: "SSR `GET /news` (page cache)", path: "/news" },
      { label: `SSR \`GET /\` (rendered each time, ${RENDER_CONNECTIONS} connections)`, path: "/", headers: noCache, connections: RENDER_CONNECTIONS },
      { label: `SSR \`GET /news\` (rendered each time, ${RENDER_CONNECTIONS} connections)`, path: "/news", headers: noCache, connections: RENDER_CONNECTIONS },
      { label: `static \`GET ${staticPath}\``, path: staticPath, static: true },
    ];

    console.log(`\nWarming up (${tool.name}, 3 s per URL)…`);
    for (const t of targets) await tool.measure(server.baseUrl + t.path, 3, t.headers, t.connections);

    const rows = [];
    for (const t of targets) {
      console.log(`Measuring ${t.path} for ${DURATION_S} s…`);
      const result = await tool.measure(server.baseUrl + t.path, DURATION_S, t.headers, t.connections);
      // No answers at all means the server was not serving (e.g. reloading after a rebuild): no figure.
      if (!(result.requests > 0 && result.rps > 0)) {
        throw new Error(`no responses from GET ${t.path} in ${DURATION_S} s; see test-results/bench-server.log`);
      }
      if (result.bad > 0) console.warn(`warning: ${result.bad} non-2xx answers from GET ${t.path}`);
      rows.push({ ...t, ...result });
    }
    const staticRps = rows.find((r) => r.static).rps;

    const media = await mediaFigures(tool, server.baseUrl, staticPath);

    // After the load tests, so Lighthouse has the machine's cores to itself.
    const audits = [];
    for (const pathname of LIGHTHOUSE_PAGES) audits.push(await lighthouseMedian(server.baseUrl, pathname));

    const lines = [];
    lines.push(`Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench\`: ${tool.name}, ${THREADS} threads, ${CONNECTIONS} connections (${RENDER_CONNECTIONS} for pages rendered each time), ${DURATION_S} s per URL, \`wrangler dev\` with NODE_ENV=production (local workerd, D1 on SQLite) on 127.0.0.1, Node ${process.version}, ${(await import("node:os")).cpus().length} cores shared by server and load generator.`);
    lines.push("");
    lines.push("| request | requests/s | p50 | p99 | vs static | non-2xx |");
    lines.push("|---|---:|---:|---:|---:|---:|");
    for (const r of rows) {
      lines.push(
        `| ${r.label} | ${fixed(r.rps)} | ${fixed(r.p50, 1)} ms | ${fixed(r.p99, 1)} ms | ${fixed(r.rps / staticRps, 2)} | ${r.bad}${r.socketErrors ? ` (${r.socketErrors.trim()})` : ""} |`,
      );
    }
    lines.push("");
    lines.push(
      `SSR/static ratio: \`/\` ${fixed(rows[0].rps / staticRps, 2)} (rendered each time ${fixed(rows[2].rps / staticRps, 2)}), \`/news\` ${fixed(rows[1].rps / staticRps, 2)} (rendered each time ${fixed(rows[3].rps / staticRps, 2)}).`,
    );
    lines.push("");
    lines.push("First visits, as a new visitor's browser makes them: everything fetched until it has hydrated and nothing has arrived for 2 s (overlay promo, cookie popup and API calls included), by kind; gzip -9 of each body:");
    lines.push("");
    lines.push("| page | kind | files | raw | gzip |");
    lines.push("|---|---|---:|---:|---:|");
    for (const [pathname, responses] of Object.entries(visits)) {
      const totals = byKind(responses);
      for (const [kind, t] of Object.entries(totals).sort(([a], [b]) => a.localeCompare(b))) {
        lines.push(`| \`${pathname}\` | ${kind} | ${t.files} | ${kb(t.raw)} | ${kb(t.gzip)} |`);
      }
      const all = responses.reduce((sum, r) => ({ raw: sum.raw + r.raw, gzip: sum.gzip + r.gzip }), { raw: 0, gzip: 0 });
      lines.push(`| \`${pathname}\` | **all** | ${responses.length} | ${kb(all.raw)} | **${kb(all.gzip)}** |`);
    }
    lines.push("");
    const videosJs = visits["/videos"].filter((r) => r.kind === "js");
    const playerFiles = videosJs.filter((a) => a.player).map((a) => a.url);
    lines.push("Rovers TV on demand:");
    lines.push("");
    lines.push("| figure | value |");
    lines.push("|---|---:|");
    lines.push(`| player or hls.js code in it | ${playerFiles.length ? playerFiles.join(", ") : "none"} |`);
    lines.push(...mediaLines(media));
    lines.push("");
    lines.push("Media library, a camera's photo served resized:");
    lines.push("");
    lines.push("| figure | value |");
    lines.push("|---|---:|");
    lines.push(...photoLines(await photoFigures(server.baseUrl)));
    lines.push(...transcodeLines(await transcodeFigures(server.baseUrl)));
    lines.push("");
    lines.push(...lighthouseTable(audits));
    const table = lines.join("\n");
    const details = [
      "| page | file | kind | raw | gzip |",
      "|---|---|---|---:|---:|",
      ...Object.entries(visits).flatMap(([pathname, responses]) => responses.map((a) => `| \`${pathname}\` | \`${a.url}\` | ${a.kind} | ${kb(a.raw)} | ${kb(a.gzip)} |`)),
    ].join("\n");

    mkdirSync(path.join(root, "test-results"), { recursive: true });
    writeFileSync(path.join(root, "test-results", "bench.md"), `${table}\n\nPer file:\n\n${details}\n`);
    console.log(`\nPer file:\n\n${details}\n\nFor docs/performance.md:\n\n${table}\n\n(both written to test-results/bench.md)`);
  } finally {
    await stopServer(server);
  }
  // News search on the seeded and on 50,000 generated articles, with servers and databases of its own.
  await reportSearch(tool);
  await reportNewsroom();
}

async function reportNewsroom() {
  const text = (await newsroomBench({ port })).join("\n");
  mkdirSync(path.join(root, "test-results"), { recursive: true });
  appendFileSync(path.join(root, "test-results", "bench.md"), `\n${text}\n`);
  console.log(`\n${text}\n\n(also in test-results/bench.md)`);
}

// Live segments carry a segment token that lives 12 s, so their runs are shorter than the others.
const LIVE_SECONDS = Math.min(DURATION_S, 8);

/**
 * A replay in Chromium, signed in as the Rovers TV account: bytes and time to the first frame; then
 * one on-demand /media segment (its token and the session cookie from that sign-in) and one live
 * video segment (from the live playlist, with its segment token) under the load tool, and the
 * static file right after, on the same server.
 */
async function mediaFigures(tool, baseUrl, staticPath) {
  // The replay plays its own media: the demo catalogue through the pipeline first, as `npm run dev`
  // gives it (scripts/demo-videos.mjs; the transcode cache makes a second run cheap).
  const transcoder = startTranscoder({ base: baseUrl, name: "bench", token: devTranscoderToken, log: () => undefined });
  try {
    const seconds = await demoVideos({ base: baseUrl, wait: true, timeoutMs: 40 * 60_000 });
    console.log(`demo videos: all ready in ${seconds.toFixed(0)} s`);
  } finally {
    transcoder.kill("SIGTERM");
  }
  console.log("Chromium: first frame of a replay…");
  const frame = await firstFrame(baseUrl);
  // Its segment token lives 12 s: every wrk run takes the URL from a fresh load of its playlist,
  // so the figure is the segment's own path (two tokens, no D1), not the re-proof past the token.
  const nextSegment = vodSegment(frame.segment, frame.cookie);
  const segmentBytes = (await (await fetch(await nextSegment(), { headers: { cookie: frame.cookie } })).arrayBuffer()).byteLength;
  const headers = { Cookie: frame.cookie };
  console.log(`Measuring a /media segment (${segmentBytes} bytes) for ${DURATION_S} s…`);
  await tool.measure(await nextSegment(), 3, headers);
  const segmentRow = await tool.measure(await nextSegment(), DURATION_S, headers);
  // Live media is what the ingest packages from an encoder: the press conference gets a real push
  // (scripts/e2e-live.mjs, the e2e run's profile) for as long as its segment is measured.
  console.log("Live: a push to the press conference…");
  const live = await startLiveMedia({ baseUrl, events: ["press-conference"] });
  let liveBytes;
  let liveRow;
  try {
    const nextLive = await liveSegment(baseUrl, frame.cookie);
    liveBytes = await firstLiveBytes(nextLive, headers);
    console.log(`Measuring a live /media segment (${liveBytes} bytes) for ${LIVE_SECONDS} s…`);
    await tool.measure(await nextLive(), 3, headers);
    liveRow = await tool.measure(await nextLive(), LIVE_SECONDS, headers);
  } finally {
    await live.stop();
  }
  const staticAgain = await tool.measure(baseUrl + staticPath, DURATION_S);
  return { frame, segmentBytes, segmentRow, liveBytes, liveRow, staticPath, staticAgain };
}

/** The size of the live playlist's first segment, once the stream answers one (on air is said a moment before its first playlist is stored). */
async function firstLiveBytes(nextLive, headers) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(await nextLive(), { headers });
      if (res.ok) return (await res.arrayBuffer()).byteLength;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    if (Date.now() > deadline) throw new Error("the press conference's push never gave a live segment");
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

function mediaLines({ frame, segmentBytes, segmentRow, liveBytes, liveRow, staticPath, staticAgain }) {
  return [
    `| bytes from pressing play to the first frame (${frame.requests} responses: player, hls.js, gate, playlists, segments) | ${kb(frame.bytes)} |`,
    `| time from pressing play to the first frame (\`loadeddata\`), Chromium headless | ${fixed(frame.ms)} ms |`,
    `| \`/media\` segment (${kb(segmentBytes)}, token and segment token checked), requests/s, p50 / p99 | ${fixed(segmentRow.rps)}, ${fixed(segmentRow.p50, 1)} / ${fixed(segmentRow.p99, 1)} ms |`,
    `| live \`/media/live\` segment (${kb(liveBytes)}, segment token checked, ${LIVE_SECONDS} s), requests/s, p50 / p99 | ${fixed(liveRow.rps)}, ${fixed(liveRow.p50, 1)} / ${fixed(liveRow.p99, 1)} ms |`,
    `| static \`${staticPath}\` measured right after, requests/s, p50 / p99 | ${fixed(staticAgain.rps)}, ${fixed(staticAgain.p50, 1)} / ${fixed(staticAgain.p99, 1)} ms |`,
    `| segment vs static | ${fixed(segmentRow.rps / staticAgain.rps, 2)} (non-2xx ${segmentRow.bad}) |`,
    `| live segment vs static | ${fixed(liveRow.rps / staticAgain.rps, 2)} (non-2xx ${liveRow.bad}) |`,
  ];
}

async function reportSearch(tool) {
  const text = (await searchBench({ measure: tool.measure, port, seconds: DURATION_S })).join("\n");
  mkdirSync(path.join(root, "test-results"), { recursive: true });
  appendFileSync(path.join(root, "test-results", "bench.md"), `\n${text}\n`);
  console.log(`\n${text}\n\n(also in test-results/bench.md)`);
}

main().catch((error) => {
  console.error(`bench failed: ${error.message}`);
  process.exit(1);
});
