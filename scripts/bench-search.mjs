// The search figures of `npm run bench`: GET /api/news/search as the overlay asks it
// (8 hits, relevance) for a one-word, a three-word and an exact (quoted) query, and the one word by
// Date Added; the first request's time (nothing kept yet), then p50/p99 under wrk,
// against the seeded ~248 articles and against 50,000 generated ones. Each set has a D1 state of its own
// under .wrangler/bench-search/ (the main bench's database is left alone); the generated articles
// are written once (deterministic, in files of 5,000 rows, stopping when BENCH_SEARCH_BUDGET_S,
// default 300 s, is spent) and kept for later runs; with Debian's sqlite3 straight into the local D1
// file while no server runs, else through `wrangler d1 execute`. Loopback only.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { bin, root, runOrThrow, wranglerEnv } from "./run-command.mjs";
import { setupDb } from "./setup-db.mjs";
import { startServer, stopServer } from "./start-server.mjs";

const SEEDED_STATE = ".wrangler/bench-search/seeded";
const LARGE_STATE = ".wrangler/bench-search/large";
export const GENERATED_ARTICLES = 50_000;
const FILE_ROWS = 5_000;
// D1 refuses statements over 100 kB (SQLITE_TOOBIG): about 1.1 kB an article.
const ROWS_PER_INSERT = 40;
const FIRST_ID = 1_000_000;
// D1-bound requests: as for pages rendered each time, more connections make local workerd drop D1.
const CONNECTIONS = 4;

export const SEARCH_QUERIES = [
  { label: "one word", query: "rovers" },
  { label: "three words", query: "rovers cup final" },
  { label: "exact", query: '"ashcombe united"' },
  // Date Added, the overlay's default order: newest first.
  { label: "one word, Date Added", query: "rovers", sort: "published_date desc" },
];

const searchPath = (query, sort = "_score desc") => `/api/news/search?${new URLSearchParams({ query, size: "8", start: "0", sort })}`;

function d1(persistTo, args, capture = false) {
  return runOrThrow(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", persistTo, ...args], {
    env: { ...wranglerEnv, CI: "true" },
    capture,
    quiet: capture,
  });
}

async function countNews(persistTo) {
  const { stdout } = await d1(persistTo, ["--json", "--command", "SELECT COUNT(*) AS n FROM news"], true);
  return JSON.parse(stdout.slice(stdout.indexOf("[")))[0].results[0].n;
}

// ---------------------------------------------------------------- generated articles (deterministic)
const OPPONENTS = ["Ashcombe United", "Bramley Town", "Eastwick Rangers", "Zennor County", "Newholme Athletic", "Kestrel Park", "Oakridge Town", "Harbury Borough", "Lowther City", "Valebridge", "Fenwick Albion", "Greystone"];
const PLAYERS = ["Okafor", "Lindqvist", "Marsh", "Delaney", "Adeyemi", "Costa", "Whitfield", "Brennan", "Kowalski", "Hughes"];
const WORDS = ("supporters stadium season league cup final goal keeper defender midfielder striker winger training injury "
  + "contract transfer academy women under eighteens tickets hospitality membership kit launch home away draw win defeat "
  + "penalty corner header volley manager coach captain squad fixture kick off weather pitch crowd atmosphere club community "
  + "trust foundation charity school visit anniversary history trophy medal award player month vote highlights replay report").split(" ");

function generator(seed) {
  let s = seed >>> 0;
  const next = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  const pick = (list) => list[Math.floor(next() * list.length)];
  return { next, pick };
}

function article(id) {
  const { next, pick } = generator(id);
  const opp = pick(OPPONENTS);
  const titles = [
    () => `Match report: Rovers ${Math.floor(next() * 5)}-${Math.floor(next() * 4)} ${opp}`,
    () => `${pick(PLAYERS)} signs a new ${pick(["two", "three", "four"])}-year contract`,
    () => `Ticket news: ${opp} away allocation on sale`,
    () => `Preview: Rovers v ${opp} in the ${pick(["league", "cup", "cup final", "friendly"])}`,
    () => `${pick(["Academy", "Women", "Community", "Club"])} news: ${pick(WORDS)} ${pick(WORDS)} ${pick(WORDS)}`,
  ];
  const title = pick(titles)();
  const words = Array.from({ length: 60 + Math.floor(next() * 80) }, () => pick(WORDS));
  const summary = `${title}. ${words.slice(0, 18).join(" ")}.`;
  const body = `<p>${words.join(" ")}.</p><p>${pick(PLAYERS)} and ${pick(PLAYERS)} against ${opp}.</p>`;
  const published = new Date(Date.UTC(2015, 0, 1) + Math.floor(next() * 10 * 365 * 86_400_000)).toISOString();
  return { id, slug: `generated-${id}`, title, summary, body, published };
}

const sql = (text) => `'${text.replace(/'/g, "''")}'`;

function insertFile(fromId, rows, imageKey) {
  const lines = [];
  for (let start = 0; start < rows; start += ROWS_PER_INSERT) {
    const values = [];
    for (let i = start; i < Math.min(rows, start + ROWS_PER_INSERT); i++) {
      const a = article(fromId + i);
      values.push(`(${a.id}, ${sql(a.slug)}, ${sql(a.title)}, ${sql(a.summary)}, ${sql(a.body)}, 'Club Reporter', ${sql(a.published)}, ${sql(imageKey)})`);
    }
    lines.push(`INSERT INTO news (id, slug, title, summary, body_html, author, published_at, image_key) VALUES\n${values.join(",\n")};`);
  }
  // One category each, spread over the seeded ones, so the hits carry categories as real ones do.
  lines.push(
    `INSERT INTO news_category (news_id, category_id) SELECT n.id, c.id FROM news n
       JOIN (SELECT id, ROW_NUMBER() OVER (ORDER BY id) - 1 AS k FROM news_categories) c ON c.k = n.id % (SELECT COUNT(*) FROM news_categories)
       WHERE n.id BETWEEN ${fromId} AND ${fromId + rows - 1};`,
  );
  const file = path.join(root, ".wrangler", "bench-search", `generated-${fromId}.sql`);
  writeFileSync(file, lines.join("\n"));
  return file;
}

/**
 * Runs one file of inserts on the stopped server's database. With Debian's sqlite3 at hand it
 * writes the local D1 file directly (seconds; the same schema, so the FTS triggers run as in D1);
 * otherwise through `wrangler d1 execute` (minutes for 50,000 rows on a loaded machine).
 */
async function load(persistTo, file) {
  const dir = path.join(root, persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
  const database = existsSync(dir) ? readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite") : undefined;
  if (sqlite3 && database) {
    await runOrThrow(sqlite3, ["-bail", path.join(dir, database), `.read ${file}`], { quiet: true });
  } else {
    await d1(persistTo, ["--yes", "--file", file], true);
  }
}

const sqlite3 = (() => {
  try {
    return execFileSync("which", ["sqlite3"], { encoding: "utf8" }).trim() || null;
  } catch {
    return null;
  }
})();

/** Brings the large state to 50,000 generated articles, within the time budget; returns how many it holds. */
async function generateArticles(persistTo, budgetMs) {
  const started = Date.now();
  const { stdout } = await d1(persistTo, ["--json", "--command", `SELECT COUNT(*) AS n, (SELECT image_key FROM news WHERE id < ${FIRST_ID} LIMIT 1) AS image FROM news WHERE id >= ${FIRST_ID}`], true);
  const row = JSON.parse(stdout.slice(stdout.indexOf("[")))[0].results[0];
  let have = row.n;
  while (have < GENERATED_ARTICLES && Date.now() - started < budgetMs) {
    const rows = Math.min(FILE_ROWS, GENERATED_ARTICLES - have);
    const file = insertFile(FIRST_ID + have, rows, row.image);
    console.log(`Generating articles ${have + 1}-${have + rows} of ${GENERATED_ARTICLES}…`);
    await load(persistTo, file);
    have += rows;
  }
  if (have < GENERATED_ARTICLES) console.warn(`warning: the time budget ran out at ${have} generated articles`);
  return have;
}

// ---------------------------------------------------------------- measuring

async function measureAll(measure, baseUrl, seconds) {
  const rows = [];
  for (const q of SEARCH_QUERIES) {
    const url = baseUrl + searchPath(q.query, q.sort);
    // The first request ranks and counts every match (the server has kept nothing yet); wrk's
    // requests after it read the kept ranking. Both are reported.
    const started = performance.now();
    const answer = await (await fetch(url)).json();
    const first = performance.now() - started;
    const found = answer?.hits?.found;
    if (typeof found !== "number") throw new Error(`GET ${url} did not answer hits.found: ${JSON.stringify(answer).slice(0, 200)}`);
    await measure(url, 3, undefined, CONNECTIONS);
    console.log(`Measuring news search (${q.label}) for ${seconds} s…`);
    rows.push({ ...q, found, first, ...(await measure(url, seconds, undefined, CONNECTIONS)) });
  }
  return rows;
}

async function withServer(port, persistTo, name, fn) {
  const server = await startServer({ port, persistTo, logFile: `test-results/bench-search-${name}.log`, env: { NODE_ENV: "production" }, readyPath: "/api/news/search?query=rovers" });
  try {
    return await fn(server.baseUrl);
  } finally {
    await stopServer(server);
  }
}

/** Both sets measured; the markdown lines for docs/performance.md and test-results/bench.md. */
export async function searchBench({ measure, port, seconds }) {
  mkdirSync(path.join(root, ".wrangler", "bench-search"), { recursive: true });
  await setupDb({ persistTo: SEEDED_STATE });
  const seededCount = await countNews(SEEDED_STATE);
  const seeded = await withServer(port, SEEDED_STATE, "seeded", (baseUrl) => measureAll(measure, baseUrl, seconds));

  await setupDb({ persistTo: LARGE_STATE });
  const generated = await generateArticles(LARGE_STATE, Number(process.env.BENCH_SEARCH_BUDGET_S || 300) * 1000);
  const largeCount = await countNews(LARGE_STATE);
  const large = await withServer(port, LARGE_STATE, "large", (baseUrl) => measureAll(measure, baseUrl, seconds));

  const lines = [
    `News search, \`GET /api/news/search?query=…&size=8&start=0&sort=_score desc\` (the overlay's first page by relevance; the last row \`sort=published_date desc\`), the first request's time alone, then wrk ${CONNECTIONS} connections, ${seconds} s per query:`,
    "",
    "| articles | query | hits found | first request | requests/s | p50 | p99 | non-2xx |",
    "|---|---|---:|---:|---:|---:|---:|---:|",
  ];
  for (const [count, rows] of [[seededCount, seeded], [largeCount, large]]) {
    for (const r of rows) {
      lines.push(`| ${count.toLocaleString("en-GB")} | ${r.label} \`${r.query}\` | ${r.found.toLocaleString("en-GB")} | ${r.first.toFixed(1)} ms | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${r.bad} |`);
    }
  }
  if (generated < GENERATED_ARTICLES) lines.push("", `(the generation budget ran out at ${generated} generated articles)`);
  return lines;
}

