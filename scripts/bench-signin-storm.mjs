#!/usr/bin/env node
// `npm run bench:signin`: sign-in at kick-off behind shared addresses, against `wrangler dev`
// (the development build, its embedded login portal standing in for the club's).
// SIGNIN_SUPPORTERS people (default 3,000, each an account of their own) sign in from
// SIGNIN_ADDRESSES addresses (default 3, cf-connecting-ip), SIGNIN_CONCURRENCY at a time, each
// the way a browser does: GET /auth/login → POST /sso/login (the password form) → GET
// /auth/callback (the code exchange) → the session. At the same time a guessing run sends
// GUESS_PER_ADDRESS wrong passwords (default 10) from each of GUESS_ADDRESSES addresses (default
// 100) at one account, and the account's owner signs in with the right password from an address
// of their own once the run is past the account's ceiling, and again at the end. Measured: the
// supporters refused (must be 0) and the storm's length (must be under 2 minutes), sign-in
// times, the guesses that reached the password check out of those made, and the owner's answers.
// Results also go to test-results/bench-signin.md.
//
// The people are rows of the dev portal's own table; their password hashes use 1,000 PBKDF2
// rounds (the portal reads the rounds from the hash) instead of the 100,000 of a registration:
// hashing is the portal's cost, a real portal's in production, and not what this bench measures.
//
// Bounded: every request has a time limit, the counts are fixed, and SIGNIN_DEADLINE_S (default
// 300 s from the server being ready) stops the run, server included, whatever happens.
// Port: BENCH_PORT (default 8795; bench:matchday uses 8796, bench:live 8797, bench 8798, e2e 8799).
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { pbkdf2Sync, randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { bin, root, runOrThrow, wranglerEnv } from "./run-command.mjs";
import { setupDb } from "./setup-db.mjs";
import { startServer, stopServer } from "./start-server.mjs";

const SUPPORTERS = Number(process.env.SIGNIN_SUPPORTERS ?? 3000);
const ADDRESSES = Number(process.env.SIGNIN_ADDRESSES ?? 3);
const CONCURRENCY = Number(process.env.SIGNIN_CONCURRENCY ?? 24);
const GUESS_ADDRESSES = Number(process.env.GUESS_ADDRESSES ?? 100);
const GUESS_PER_ADDRESS = Number(process.env.GUESS_PER_ADDRESS ?? 10);
const GUESS_CONCURRENCY = 4;
const DEADLINE_S = Number(process.env.SIGNIN_DEADLINE_S ?? 300);
const STORM_LIMIT_S = 120;
const port = Number(process.env.BENCH_PORT ?? 8795);
const PERSIST_TO = ".wrangler/bench-signin-state";
const PASSWORD = "kick-off-password";
const OWNER_PASSWORD = "the-owners-own-password";
const VICTIM = "bench-owner@example.test";
/** src/domain/sign-in-backoff.ts SIGN_IN_BACKOFF.accountCeiling: the owner signs in once the run is past it. */
const ACCOUNT_CEILING = 20;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const load = () => os.loadavg().map((x) => x.toFixed(1)).join(" / ");
const supporterEmail = (i) => `bench-supporter-${i}@example.test`;
const stadium = (i) => `198.51.100.${(i % ADDRESSES) + 1}`;

/** The dev portal's hash format (worker/dev-portal/passwords.ts) with 1,000 rounds. */
function portalHash(password) {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(password, salt, 1000, 32, "sha256");
  return `pbkdf2-sha256$1000$${salt.toString("base64url")}$${hash.toString("base64url")}`;
}

/** The people, once (kept for later runs), and no failures left from an earlier run. */
async function preparePeople() {
  const supporterHash = portalHash(PASSWORD);
  const lines = ["DELETE FROM sign_in_failures;"];
  const row = (id, email, hash) => `('${id}', '${email}', 'Bench', 'Supporter', '${hash}')`;
  const rows = [row("bench-owner", VICTIM, portalHash(OWNER_PASSWORD))];
  for (let i = 0; i < SUPPORTERS; i++) rows.push(row(`bench-supporter-${i}`, supporterEmail(i), supporterHash));
  for (let i = 0; i < rows.length; i += 500) {
    lines.push(`INSERT INTO dev_portal_users (id, email, forename, surname, password_hash) VALUES ${rows.slice(i, i + 500).join(",\n")}
      ON CONFLICT (email) DO UPDATE SET password_hash = excluded.password_hash;`);
  }
  const sqlFile = path.join(root, ".wrangler", "bench-signin-people.sql");
  writeFileSync(sqlFile, lines.join("\n"));
  await runOrThrow(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", PERSIST_TO, "--yes", "--file", sqlFile], {
    env: { ...wranglerEnv, CI: "true" },
    capture: true,
    quiet: true,
  });
}

function absorb(res, jar) {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const at = pair.indexOf("=");
    jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
}
const cookieHeader = (jar) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

async function get(base, url, ip, jar) {
  const res = await fetch(new URL(url, base), {
    redirect: "manual",
    headers: { "cf-connecting-ip": ip, cookie: cookieHeader(jar) },
    signal: AbortSignal.timeout(30_000),
  });
  absorb(res, jar);
  await res.arrayBuffer();
  return res;
}

/**
 * One sign-in through the portal's form, as a browser makes it. Resolves with where it ended:
 * 'in' (a session cookie and loginSuccess), 'wrong' (401 at the form), 'refused' (429 anywhere)
 * or 'failed: …'.
 */
async function signIn(base, username, password, ip) {
  const jar = new Map();
  const start = await get(base, "/auth/login", ip, jar);
  if (start.status !== 302) return start.status === 429 ? "refused" : `failed: start ${start.status}`;
  const portal = new URL(start.headers.get("location") ?? "", base);
  const form = await fetch(new URL("/sso/login", base), {
    method: "POST",
    redirect: "manual",
    headers: { "cf-connecting-ip": ip, "content-type": "application/x-www-form-urlencoded", origin: base, cookie: cookieHeader(jar) },
    body: new URLSearchParams({
      username,
      password,
      client_id: portal.searchParams.get("client_id") ?? "",
      redirect_uri: portal.searchParams.get("redirect_uri") ?? "",
    }),
    signal: AbortSignal.timeout(30_000),
  });
  await form.arrayBuffer();
  if (form.status === 401) return "wrong";
  if (form.status === 429) return "refused";
  if (form.status !== 303) return `failed: form ${form.status}`;
  const back = await get(base, form.headers.get("location") ?? "", ip, jar);
  if (back.status === 429) return "refused";
  const ok = back.status === 302 && (back.headers.get("location") ?? "").includes("loginSuccess=true") && jar.has("rovers_session");
  return ok ? "in" : `failed: callback ${back.status} ${back.headers.get("location")}`;
}

/** Runs `count` jobs, `concurrency` at a time. */
async function pool(count, concurrency, job) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) await job(next++);
    }),
  );
}

async function storm(base) {
  const outcomes = new Map();
  const times = [];
  const started = performance.now();
  await pool(SUPPORTERS, CONCURRENCY, async (i) => {
    const t = performance.now();
    const outcome = await signIn(base, supporterEmail(i), PASSWORD, stadium(i)).catch((e) => `failed: ${e.message}`);
    times.push(performance.now() - t);
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  });
  return { seconds: (performance.now() - started) / 1000, outcomes, times: times.sort((a, b) => a - b) };
}

async function guessingRun(base) {
  const counts = { made: 0, checked: 0, refused: 0, other: 0 };
  const owner = [];
  let ownerMidRun = null;
  await pool(GUESS_ADDRESSES, GUESS_CONCURRENCY, async (a) => {
    const ip = `10.66.${a >> 8}.${(a & 255) + 1}`;
    for (let g = 0; g < GUESS_PER_ADDRESS; g++) {
      counts.made += 1;
      const outcome = await signIn(base, VICTIM, `guess-${a}-${g}`, ip).catch((e) => `failed: ${e.message}`);
      if (outcome === "wrong") counts.checked += 1;
      else if (outcome === "refused") counts.refused += 1;
      else counts.other += 1;
    }
    // Once the run is past the account's ceiling, the owner comes along (once) from their own address.
    if (counts.checked >= ACCOUNT_CEILING && !ownerMidRun) {
      ownerMidRun = signIn(base, VICTIM, OWNER_PASSWORD, "203.0.113.250").then((outcome) => owner.push({ when: "during the run", outcome, checkedSoFar: counts.checked }));
    }
  });
  await ownerMidRun;
  owner.push({ when: "after the run", outcome: await signIn(base, VICTIM, OWNER_PASSWORD, "203.0.113.251") });
  return { counts, owner };
}

async function main() {
  // The worker imports the client's manifest; any build will do, the bench opens no page.
  if (!existsSync(path.join(root, "public/build/manifest.json"))) await runOrThrow(process.execPath, [path.join(root, "scripts", "build-client.mjs")]);
  await setupDb({ persistTo: PERSIST_TO });
  await preparePeople();
  const server = await startServer({
    port,
    persistTo: PERSIST_TO,
    logFile: "test-results/bench-signin-server.log",
    env: { NODE_ENV: "production" },
    readyPath: "/api/session",
  });
  const deadline = setTimeout(async () => {
    console.error(`bench:signin: over ${DEADLINE_S} s, stopping`);
    await stopServer(server);
    process.exit(2);
  }, DEADLINE_S * 1000);
  try {
    const base = server.baseUrl;
    // One sign-in first, so the storm does not time the worker's first start.
    const warm = await signIn(base, supporterEmail(0), PASSWORD, "192.0.2.1");
    if (warm !== "in") throw new Error(`the warm-up sign-in ended ${warm}`);
    console.log(`Storm: ${SUPPORTERS} supporters from ${ADDRESSES} addresses, ${CONCURRENCY} at a time; guessing run: ${GUESS_ADDRESSES} addresses × ${GUESS_PER_ADDRESS} guesses`);
    const [s, g] = await Promise.all([storm(base), guessingRun(base)]);
    const refused = [...s.outcomes].filter(([k]) => k !== "in").reduce((n, [, v]) => n + v, 0);
    const lines = [
      `# bench:signin (${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, load ${load()})`,
      "",
      `- Storm: ${SUPPORTERS} supporters, ${ADDRESSES} addresses, ${CONCURRENCY} at a time: ${s.seconds.toFixed(1)} s, ${(SUPPORTERS / s.seconds).toFixed(1)} sign-ins/s`,
      `- Outcomes: ${[...s.outcomes].map(([k, v]) => `${k} ${v}`).join(", ")} (not signed in: ${refused})`,
      `- One sign-in (3 requests): p50 ${percentile(s.times, 50).toFixed(0)} ms, p99 ${percentile(s.times, 99).toFixed(0)} ms, max ${(s.times.at(-1) ?? NaN).toFixed(0)} ms`,
      `- Guessing run: ${g.counts.made} guesses made, ${g.counts.checked} reached the password check, ${g.counts.refused} refused (429), ${g.counts.other} other`,
      ...g.owner.map((o) => `- Owner ${o.when}: ${o.outcome}${o.checkedSoFar !== undefined ? ` (the run had ${o.checkedSoFar} guesses checked by then)` : ""}`),
    ];
    console.log(lines.join("\n"));
    mkdirSync(path.join(root, "test-results"), { recursive: true });
    writeFileSync(path.join(root, "test-results", "bench-signin.md"), lines.join("\n") + "\n");
    const problems = [];
    if (refused > 0) problems.push(`${refused} supporters not signed in`);
    if (s.seconds > STORM_LIMIT_S) problems.push(`the storm took ${s.seconds.toFixed(0)} s`);
    if (g.counts.checked >= g.counts.made / 2) problems.push("the guessing run was not slowed");
    if (g.counts.other > 0) problems.push(`${g.counts.other} guesses ended neither 401 nor 429`);
    if (g.owner.length < 2 || g.owner.some((o) => o.outcome !== "in")) problems.push("the owner could not sign in");
    if (problems.length > 0) throw new Error(problems.join("; "));
  } finally {
    clearTimeout(deadline);
    await stopServer(server);
  }
}

main().catch((error) => {
  console.error(`bench:signin: ${error.message}`);
  process.exit(1);
});
