// The newsroom figures of `npm run bench` (BENCH_ONLY=newsroom runs only them), on a D1 state of
// its own (.wrangler/bench-newsroom: the demo seed, then 50,000 generated articles in every state,
// written once by one recursive-CTE insert straight into the local D1 file while no server runs,
// kept for later runs; the demo data is never touched). A signed-in editor then
//   1. publishes 20 new articles through the console API, each timed from the publish request to
//      the moment a fresh `GET /news` (as a supporter asks it: the page cache included) links it;
//   2. asks the console's article list (/admin/news, its route data as a client navigation asks
//      it) 15 times each for the first page, a search, a state filter and the last page reached
//      by its cursor: p50/p99 against the 200 ms p99 target.
// Loopback only; every wait is bounded.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { cpus, loadavg } from "node:os";
import { bin, root, runOrThrow, wranglerEnv } from "./run-command.mjs";
import { setupDb } from "./setup-db.mjs";
import { startServer, stopServer } from "./start-server.mjs";
import { devSignIn } from "./bench-sign-in.mjs";
import { databaseFile, sqlite3 } from "./bench-sqlite.mjs";

const PERSIST_TO = ".wrangler/bench-newsroom";
export const NEWSROOM_ARTICLES = 50_000;
const EDITOR = "bench-newsroom-editor";
const PUBLISHES = 20;
const LIST_REQUESTS = 15;
const TARGET_P99_MS = 200;
const APPEAR_LIMIT_MS = 10_000;
const IP = "10.79.0.1";
const ROUTE_DATA = { "x-route-data": "admin/news" };

/** The generated articles: a tenth drafts, a tenth scheduled, a tenth unpublished, the rest published. */
function generationSql() {
  return `
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${NEWSROOM_ARTICLES})
INSERT INTO articles (id, slug, title, summary, body_html, author, category_ids, status, publish_at, published_at, created_at, updated_at, updated_by)
SELECT 2000000 + i, 'bench-newsroom-' || i,
       'Rovers ' || CASE i % 5 WHEN 0 THEN 'sign a keeper' WHEN 1 THEN 'win the cup final' WHEN 2 THEN 'open the new stand' WHEN 3 THEN 'report on the academy' ELSE 'draw away' END || ' (' || i || ')',
       'A generated story for the newsroom bench', '<p>' || hex(randomblob(300)) || '</p>', 'Bench', '[' || (1 + i % 3) || ']',
       CASE i % 10 WHEN 0 THEN 'draft' WHEN 1 THEN 'scheduled' WHEN 2 THEN 'unpublished' ELSE 'published' END,
       CASE i % 10 WHEN 1 THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+' || i || ' minutes') END,
       CASE WHEN i % 10 >= 2 THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i * 3) || ' hours') END,
       strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i * 2) || ' hours'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i * 2) || ' hours'), 'bench'
  FROM n;
INSERT INTO accounts (sso_id, email, display_name) VALUES ('${EDITOR}', '${EDITOR}@example.test', 'Bench editor');
INSERT INTO staff_roles (account, role, granted_by) VALUES ('${EDITOR}', 'editor', 'bench');
`;
}

async function generate() {
  await setupDb({ persistTo: PERSIST_TO });
  const file = databaseFile(PERSIST_TO);
  if (sqlite3 && file && Number(execFileSync(sqlite3, [file, `SELECT COUNT(*) FROM accounts WHERE sso_id = '${EDITOR}'`], { encoding: "utf8" }).trim()) > 0) {
    console.log("Newsroom: the generated articles are there from an earlier run.");
    return;
  }
  const sqlFile = path.join(root, ".wrangler", "bench-newsroom-generate.sql");
  writeFileSync(sqlFile, generationSql());
  const started = performance.now();
  console.log(`Newsroom: generating ${NEWSROOM_ARTICLES.toLocaleString("en-GB")} articles…`);
  if (sqlite3 && file) await runOrThrow(sqlite3, ["-bail", file, `.read ${sqlFile}`], { quiet: true });
  else await runOrThrow(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", PERSIST_TO, "--yes", "--file", sqlFile], { env: { ...wranglerEnv, CI: "true" }, capture: true, quiet: true });
  console.log(`Newsroom: generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const stats = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
};

async function call(base, cookie, method, pathname, body) {
  const res = await fetch(base + pathname, {
    method,
    headers: { cookie, origin: base, "content-type": "application/json", "cf-connecting-ip": IP },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${pathname} answered ${res.status}: ${JSON.stringify(json)}`);
  return json.data.attributes;
}

/** One publish, timed from its request to the first fresh GET /news that links the article. */
async function timedPublish(base, cookie, n) {
  const draft = await call(base, cookie, "POST", "/api/console/news/articles", {
    title: `Newsroom bench ${Date.now()} ${n}`,
    slug: "",
    summary: "Timed from publish to /news",
    bodyHtml: "<p>Published by the newsroom bench.</p>",
    author: "",
    heroImage: "",
    featured: false,
    categoryIds: [1],
    relatedIds: [],
  });
  const t0 = performance.now();
  await call(base, cookie, "POST", `/api/console/news/articles/${draft.id}/publish`, { version: draft.version });
  const link = `href="/news/${draft.slug}"`;
  for (;;) {
    const html = await (await fetch(`${base}/news`, { headers: { "cf-connecting-ip": IP } })).text();
    if (html.includes(link)) return performance.now() - t0;
    if (performance.now() - t0 > APPEAR_LIMIT_MS) throw new Error(`article ${draft.slug} not on /news after ${APPEAR_LIMIT_MS} ms`);
  }
}

async function listTimes(base, cookie, pathname) {
  const times = [];
  let bad = 0;
  for (let i = 0; i < LIST_REQUESTS + 3; i++) {
    const t0 = performance.now();
    const res = await fetch(base + pathname, { headers: { cookie, ...ROUTE_DATA, "cf-connecting-ip": IP } });
    await res.arrayBuffer();
    if (i >= 3) times.push(performance.now() - t0); // the first three warm the route
    if (res.status !== 200) bad += 1;
  }
  return { ...stats(times), times, bad };
}

async function routeData(base, cookie, pathname) {
  const res = await fetch(base + pathname, { headers: { cookie, ...ROUTE_DATA, "cf-connecting-ip": IP } });
  if (res.status !== 200) throw new Error(`GET ${pathname} answered ${res.status}`);
  return (await res.json()).data.news;
}

/** The figures as markdown lines. */
export async function newsroomBench({ port }) {
  await generate();
  const server = await startServer({ port, persistTo: PERSIST_TO, logFile: "test-results/bench-newsroom-server.log", env: { NODE_ENV: "production" } });
  try {
    const base = server.baseUrl;
    const cookie = await devSignIn(base, EDITOR, IP);
    const loadBefore = loadavg()[0];

    console.log(`Newsroom: ${PUBLISHES} publishes, each until /news shows it…`);
    await fetch(`${base}/news`);
    const publishes = [];
    for (let n = 0; n < PUBLISHES; n++) publishes.push(await timedPublish(base, cookie, n));

    // The last page, reached as staff reach it: 'Older articles' from the first page to the end.
    console.log("Newsroom: walking the list to its last page…");
    let page = await routeData(base, cookie, "/admin/news");
    const total = page.total;
    let lastPath = "/admin/news";
    let from = 1;
    const walkStart = performance.now();
    while (page.older) {
      from += page.articles.length;
      lastPath = `/admin/news?after=${encodeURIComponent(page.older)}&from=${from}`;
      page = await routeData(base, cookie, lastPath);
    }
    const walkMs = performance.now() - walkStart;
    const pages = Math.ceil(total / 50);
    const lists = [
      { label: "first page", path: "/admin/news" },
      { label: "a search (`q=cup final`)", path: "/admin/news?q=cup%20final" },
      { label: "a state (`state=draft`)", path: "/admin/news?state=draft" },
      { label: `the last page (${pages.toLocaleString("en-GB")}th, by its cursor)`, path: lastPath },
    ];
    const rows = [];
    for (const l of lists) {
      console.log(`Newsroom: ${LIST_REQUESTS} requests of ${l.path.slice(0, 60)}…`);
      rows.push({ ...l, ...(await listTimes(base, cookie, l.path)) });
    }
    const all = stats(rows.flatMap((r) => r.times));
    const ms = (v) => `${v.toFixed(1)} ms`;
    const pub = stats(publishes);
    const load = `load average ${loadBefore.toFixed(1)} → ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`;
    return [
      `Newsroom, ${total.toLocaleString("en-GB")} articles (${NEWSROOM_ARTICLES.toLocaleString("en-GB")} generated), an editor signed in, \`wrangler dev\` with NODE_ENV=production:`,
      "",
      "| figure | n | p50 | p99 | worst | non-200 | target |",
      "|---|---:|---:|---:|---:|---:|---|",
      `| publish → on a fresh \`GET /news\` | ${pub.n} | ${ms(pub.p50)} | ${ms(pub.p99)} | ${ms(pub.max)} | 0 | — |`,
      ...rows.map((r) => `| console list: ${r.label} | ${r.n} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.bad} | |`),
      `| **console list, all ${all.n} requests** | ${all.n} | ${ms(all.p50)} | **${ms(all.p99)}** | ${ms(all.max)} | ${rows.reduce((s, r) => s + r.bad, 0)} | p99 ≤ ${TARGET_P99_MS} ms: ${all.p99 <= TARGET_P99_MS ? "met" : "MISSED"} |`,
      "",
      `Walking all ${pages.toLocaleString("en-GB")} pages by 'Older articles': ${(walkMs / 1000).toFixed(1)} s, ${ms(walkMs / Math.max(1, pages - 1))} a page. (${load} during the measurement)`,
    ];
  } finally {
    await stopServer(server);
  }
}
