#!/usr/bin/env -S node --experimental-websocket
// `npm run bench:live`: a load test of live stream sessions against `wrangler dev`.
// BENCH_USERS simulated users (default 1,000) sign in; each, as a browser would, asks the session
// check three times at once (two admitted, the third must be ERR_54648_1) and opens its two
// sessions' sockets on /ws/streams with the spec's greeting, pinging every BENCH_PING_MS (30 s).
// Users come in BENCH_CONCURRENCY at a time (default 50) and keep their sockets open until the
// last one is in, then all of them hold for BENCH_SECONDS (default 60) more: meanwhile every
// account's device list must show its two sessions and never more than the limit. Prints
// session-check p50/p99, pings per second, refusals and accounts over the limit; also written to
// test-results/bench-live.md. Bounded: BENCH_DEADLINE_S (default 1,500 s) stops it whatever happens.
// With media (BENCH_MEDIA, default on): the ingest service and a real-time push feed the stream,
// and while all are held every user's first session (BENCH_PLAYERS of them) plays it through the gate
// (scripts/bench-live-media.mjs): playlist and segment times, and how far behind the pitch.
//
// Every request, socket open and socket close has a time limit and counts as failed past it, so no
// single answer that never comes can hold the run. Requests and sockets go through wrangler dev's
// proxy; BENCH_APP_SOCKET=1 sends them to the app's own workerd socket behind it instead, which at
// 1,000 users reset connections the proxy does not (docs/media-and-live.md, the load test).
//
// The server runs a frozen build (scripts/frozen-build.mjs) under .wrangler/bench-live/, so an edit
// or a client build elsewhere cannot reload it mid-run.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { bin, developmentVars, root, rtmpPort, runOrThrow, srtBasePort, wranglerEnv } from "./run-command.mjs";
import { freezeBuild } from "./frozen-build.mjs";
import { devSignIn } from "./bench-sign-in.mjs";
import { setupDb } from "./setup-db.mjs";
import { startServer, stopServer } from "./start-server.mjs";
import { appSocket, workerdPidsUnder } from "./workerd-app-socket.mjs";
import { LIVE_SYNC_SEGMENTS, newMediaStats, playLive, startBenchMedia } from "./bench-live-media.mjs";

const USERS = Number(process.env.BENCH_USERS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const PING_MS = Number(process.env.BENCH_PING_MS ?? 30_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const DEADLINE_S = Number(process.env.BENCH_DEADLINE_S ?? 1_500);
const port = Number(process.env.BENCH_PORT ?? 8797);
const MEDIA = process.env.BENCH_MEDIA !== "0";
// How many of the users play the stream while all are held (default: every one)
const PLAYERS = Math.min(USERS, Number(process.env.BENCH_PLAYERS ?? USERS));
// A request's answer, a socket's open and its close each wait this long at most (ms).
const REQUEST_TIMEOUT_MS = Number(process.env.BENCH_REQUEST_TIMEOUT_MS ?? 30_000);
const OPEN_TIMEOUT_MS = Number(process.env.BENCH_OPEN_TIMEOUT_MS ?? 30_000);
const CLOSE_TIMEOUT_MS = 10_000;
const TO_APP_SOCKET = process.env.BENCH_APP_SOCKET === "1";
const SRT_BASE_PORT = srtBasePort(port);
const PERSIST_TO = ".wrangler/bench-live-state";
const FROZEN = ".wrangler/bench-live";
const ASSET = "men-audio-commentary";
const LIMIT = 2;

async function pool(items, limit, work) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i], i);
      }
    }),
  );
  return results;
}

/** Signs in user i, from an address of its own as a viewer at home would be. */
async function signIn(base, i) {
  const ip = `10.77.${(i >> 8) & 255}.${i & 255}`;
  const ssoID = `bench-${i}`;
  return { ssoID, ip, cookie: await devSignIn(base, ssoID, ip, REQUEST_TIMEOUT_MS) };
}

let oddAnswer = "";
async function sessionCheck(base, user, latencies) {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/session/check`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, cookie: user.cookie, "cf-connecting-ip": user.ip, "user-agent": "bench" },
    body: JSON.stringify({ data: { attributes: { videoID: ASSET, mediaType: "audio", userID: user.ssoID } } }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  }).catch((error) => error);
  // A connection the client could not use, or no answer in time: counted as its own refusal, never retried (a POST).
  if (res instanceof Error) return { code: res.name === "TimeoutError" ? "no answer in time" : `connection ${res.cause?.code ?? "failed"}` };
  const text = await res.text().catch(() => null);
  if (text === null) return { code: "body not read in time" };
  latencies.push(performance.now() - t0);
  let body = null;
  try {
    body = JSON.parse(text);
  } catch {
    // wrangler dev's own answer (e.g. when its worker restarts under load): counted by status
  }
  if (res.status !== 200 && res.status !== 403 && !oddAnswer) oddAnswer = `${res.status} ${text.slice(0, 200)}`;
  return res.status === 200 && body ? { token: body.data.attributes.token } : { code: body?.errors?.[0]?.code ?? `HTTP ${res.status}` };
}

/**
 * Opens one session's socket, greets, and pings every PING_MS until `release` resolves. Resolves
 * with { opened: Promise<boolean>, closed: Promise<void> }: opened once the socket is open (false if it failed).
 * Both are bounded: a socket not open within OPEN_TIMEOUT_MS is counted (openTimeouts) and
 * dropped, one whose close is not acknowledged within CLOSE_TIMEOUT_MS is counted (closeTimeouts)
 * and let go. Node's WebSocket has no time limit of its own on either: a handshake whose answer
 * never comes leaves the socket CONNECTING, with no open, error or close event, for ever.
 */
function holdSocket(base, user, token, counters, release) {
  let opened;
  const openedPromise = new Promise((r) => (opened = r));
  const closed = new Promise((resolve) => {
    const url = `${base.replace("http", "ws")}/ws/streams?token=${encodeURIComponent(token)}`;
    const ws = new WebSocket(url, { headers: { cookie: user.cookie, origin: base, "cf-connecting-ip": user.ip } });
    let timer;
    let closing = false;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearInterval(timer);
      clearTimeout(openTimer);
      opened(false);
      resolve();
    };
    const openTimer = setTimeout(() => {
      counters.openTimeouts += 1;
      closing = true;
      ws.close();
      finish();
    }, OPEN_TIMEOUT_MS);
    ws.onopen = () => {
      clearTimeout(openTimer);
      if (done) return ws.close(1000);
      counters.sockets += 1;
      opened(true);
      ws.send(JSON.stringify({ action: "session", data: btoa(`${user.ssoID}:${ASSET}`) }));
      timer = setInterval(() => {
        ws.send(JSON.stringify({ action: "ping" }));
        counters.pings += 1;
      }, PING_MS);
      release.then(() => {
        clearInterval(timer);
        closing = true;
        ws.close(1000);
        setTimeout(() => {
          if (!done) counters.closeTimeouts += 1;
          finish();
        }, CLOSE_TIMEOUT_MS).unref();
      });
    };
    ws.onmessage = (event) => {
      if (String(event.data) === '{"action":"pong"}') counters.pongs += 1;
    };
    ws.onerror = () => (counters.socketErrors += 1);
    ws.onclose = () => {
      if (!closing && !done) counters.closedEarly += 1;
      finish();
    };
  });
  return { opened: openedPromise, closed };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

const ms = (values, p) => `${percentile(values, p).toFixed(0)} ms`;

/** The players' figures: what a viewer's requests took, and how far behind the pitch they were. */
function mediaRows(stats, holdSeconds) {
  const td = stats.targetDuration;
  const glass = stats.ages.map((age) => age + LIVE_SYNC_SEGMENTS * td * 1000);
  return [
    ["players (the first users, one session each)", PLAYERS, `the push: ${ASSET}, ${td} s segments`],
    ["playlists fetched, p50 / p99", `${stats.playlists.length}, ${ms(stats.playlists, 50)} / ${ms(stats.playlists, 99)}`, `${(stats.playlists.length / holdSeconds).toFixed(0)}/s; each re-proves the session, the right and the released list`],
    ["segments fetched from R2, p50 / p99", `${stats.segments.length}, ${ms(stats.segments, 50)} / ${ms(stats.segments, 99)}`, `${(stats.bytes / 1e6).toFixed(1)} MB; by their tokens alone`],
    ["refused or failed", [...stats.refused].map(([what, n]) => `${what} ${n}`).join(", ") || "0"],
    ["newest media's age when listed, p50 / p99", `${ms(stats.ages, 50)} / ${ms(stats.ages, 99)}`, "the wall clock minus the newest segment's end (program date-time)"],
    ["glass to glass, p50 / p99", `${(percentile(glass, 50) / 1000).toFixed(1)} s / ${(percentile(glass, 99) / 1000).toFixed(1)} s`, `that age plus the player's hold-back of ${LIVE_SYNC_SEGMENTS} target durations (${LIVE_SYNC_SEGMENTS * td} s)`],
  ];
}

async function main() {
  // A fresh database and fresh Durable Objects every run: sessions of an earlier run must not count.
  rmSync(path.join(root, PERSIST_TO), { recursive: true, force: true });
  await runOrThrow(process.execPath, [path.join(root, "scripts", "build-client.mjs")]);
  const config = await freezeBuild(FROZEN);
  await setupDb({ persistTo: PERSIST_TO });
  // The users' accounts exist with Rovers TV+ before the server starts (sign-in keeps what the club
  // set): nothing writes to the local database from outside while the server holds it.
  await runOrThrow(
    bin("wrangler"),
    [
      "d1", "execute", "DB", "--local", "--persist-to", PERSIST_TO, "--yes", "--command",
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${USERS - 1})
       INSERT INTO accounts (sso_id, email, display_name, entitlements, bypassed, blocked, blocked_reason)
       SELECT 'bench-' || i, 'bench-' || i || '@example.test', 'Bench ' || i, '["roverstv+"]', 0, 0, NULL FROM n`,
    ],
    { env: { ...wranglerEnv, CI: "true" }, capture: true },
  );
  const server = await startServer({
    port,
    persistTo: PERSIST_TO,
    logFile: "test-results/bench-live-server.log",
    env: { NODE_ENV: "production" },
    entry: null, // the frozen config's main: the development entry, bundled above
    vars: [...developmentVars, "--var", `INGEST_SRT_BASE_PORT:${SRT_BASE_PORT}`, "--var", `INGEST_RTMP_PORT:${rtmpPort(port)}`, "--config", config],
  });
  let media = null;
  // Bounded whatever happens: a stuck run ends with its server.
  const deadline = setTimeout(() => {
    console.error(`bench:live: over ${DEADLINE_S} s, stopping`);
    process.exit(2);
  }, DEADLINE_S * 1000);
  deadline.unref();
  try {
    const direct = TO_APP_SOCKET ? await appSocket(workerdPidsUnder(server.child.pid), port, `/api/streams/${ASSET}`) : null;
    const base = direct ?? server.baseUrl;
    console.log(direct ? `Requests and sockets go to the app's own workerd socket ${direct} (behind wrangler dev's proxy on ${server.baseUrl})` : `Requests and sockets go through wrangler dev's proxy ${server.baseUrl}`);
    if (MEDIA) {
      console.log(`Pushing ${ASSET} into the ingest…`);
      media = await startBenchMedia(base, ASSET);
    }
    console.log(`Signing in ${USERS} users…`);
    // A sign-in whose connection is reset (Node's keep-alive pool meeting a connection the server
    // just closed) starts again with a fresh sign-in: counted, not hidden.
    let signInRetries = 0;
    const users = await pool(Array.from({ length: USERS }, (_, i) => i), CONCURRENCY, async (i) => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await signIn(base, i);
        } catch (error) {
          if (attempt >= 3) throw error;
          signInRetries += 1;
        }
      }
    });
    // wrangler dev's proxy keeps connections to the worker alive; those idle since the sign-ins may
    // have been closed by the worker's side. A POST sent on such a connection is reset, and the proxy
    // answers it 503 'Your worker restarted mid-request' (it retries only GET/HEAD). A burst of GETs
    // as wide as the checks to come goes first and takes those dead connections out of the pool.
    // (Past the proxy there is no such pool: the burst is harmless there.)
    await Promise.all(Array.from({ length: CONCURRENCY * 3 }, () => fetch(`${base}/api/streams/${ASSET}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).then((r) => r.arrayBuffer()).catch(() => null)));

    console.log(`Session checks (3 at once per user) and sockets, ${CONCURRENCY} users at a time…`);
    const latencies = [];
    const counters = { sockets: 0, pings: 0, pongs: 0, socketErrors: 0, closedEarly: 0, openTimeouts: 0, closeTimeouts: 0 };
    let releaseAll;
    const release = new Promise((r) => (releaseAll = r));
    const checkStart = performance.now();
    const answers = await pool(users, CONCURRENCY, async (user) => {
      const three = await Promise.all([0, 1, 2].map(() => sessionCheck(base, user, latencies)));
      // As the browser does: the socket opens right after the check (an unconnected session is swept after 75 s).
      const sockets = three.filter((x) => x.token).map((x) => holdSocket(base, user, x.token, counters, release));
      await Promise.all(sockets.map((h) => h.opened));
      return { user, three, sockets };
    });
    const checkSeconds = (performance.now() - checkStart) / 1000;
    const admitted = answers.reduce((n, a) => n + a.three.filter((x) => x.token).length, 0);
    const refusals = answers.flatMap((a) => a.three.filter((x) => x.code)).reduce((m, x) => m.set(x.code, (m.get(x.code) ?? 0) + 1), new Map());

    console.log(`All ${USERS} users in; holding ${counters.sockets} sockets ${SECONDS} s more (ping every ${PING_MS / 1000} s)…`);
    const holdStart = performance.now();
    const pingsAtStart = counters.pings;
    // Every user's first session plays the stream while all are held.
    const mediaStats = newMediaStats();
    const players = MEDIA
      ? Promise.all(
          answers.slice(0, PLAYERS).map((a) => {
            const token = a.three.find((x) => x.token)?.token;
            return token ? playLive({ base, asset: ASSET, user: a.user, token, stats: mediaStats, untilMs: Date.now() + SECONDS * 1000, timeoutMs: REQUEST_TIMEOUT_MS }) : null;
          }),
        )
      : null;
    // While all are held: every account lists its sessions, never more than the limit.
    await new Promise((r) => setTimeout(r, Math.min(SECONDS * 250, 10_000)));
    const held = await pool(users, CONCURRENCY, async (user) => {
      const res = await fetch(`${base}/api/session/devices`, { headers: { cookie: user.cookie, "cf-connecting-ip": user.ip }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).catch(() => null);
      const body = res?.ok ? await res.json().catch(() => null) : null;
      return body ? body.data.length : NaN;
    });
    const remaining = SECONDS * 1000 - (performance.now() - holdStart);
    if (remaining > 0) await new Promise((r) => setTimeout(r, remaining));
    await players;
    const holdSeconds = (performance.now() - holdStart) / 1000;
    const pingsHeld = counters.pings - pingsAtStart;
    releaseAll();
    await Promise.all(answers.flatMap((a) => a.sockets.map((h) => h.closed)));
    const over = held.filter((n) => n > LIMIT).length;
    const holdingTwo = held.filter((n) => n === LIMIT).length;
    const unanswered = held.filter((n) => Number.isNaN(n)).length;

    const rows = [
      ["users", USERS, signInRetries ? `${signInRetries} sign-ins retried after a connection reset` : ""],
      ["session checks", latencies.length, `${(latencies.length / checkSeconds).toFixed(0)}/s`],
      ["session check p50 / p99", `${percentile(latencies, 50).toFixed(1)} ms / ${percentile(latencies, 99).toFixed(1)} ms`],
      ["admitted", admitted],
      ["refused", [...refusals].map(([code, n]) => `${code} ${n}`).join(", ") || "0"],
      ["sockets opened / errors / closed before the end", `${counters.sockets} / ${counters.socketErrors} / ${counters.closedEarly}`, `${counters.openTimeouts} not open within ${OPEN_TIMEOUT_MS / 1000} s, ${counters.closeTimeouts} close not acknowledged within ${CLOSE_TIMEOUT_MS / 1000} s; ${direct ? "to the app's own socket" : "through wrangler's proxy"}`],
      ["pings sent / pongs", `${counters.pings} / ${counters.pongs}`, `${(pingsHeld / holdSeconds).toFixed(1)} pings/s while all held`],
      ["accounts listing 2 sessions while all held", `${holdingTwo} of ${USERS}`, unanswered ? `${unanswered} device lists unanswered` : ""],
      ["accounts over the limit while held", over],
      ...(MEDIA ? mediaRows(mediaStats, holdSeconds) : []),
    ];
    const lines = [
      `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:live\`: ${USERS} users, ${CONCURRENCY} at a time, all held ${SECONDS} s once in, ping every ${PING_MS / 1000} s, local \`wrangler dev\` (frozen build), Node ${process.version}.`,
      "",
      "| measure | value | |",
      "|---|---|---|",
      ...rows.map((r) => `| ${r[0]} | ${r[1]} | ${r[2] ?? ""} |`),
    ];
    console.log(`\n${lines.join("\n")}`);
    if (oddAnswer) console.log(`First answer other than 200/403: ${oddAnswer}`);
    mkdirSync(path.join(root, "test-results"), { recursive: true });
    writeFileSync(path.join(root, "test-results/bench-live.md"), `${lines.join("\n")}\n`);
    const unexpected = [...refusals].filter(([code]) => code !== "ERR_54648_1").length;
    if (over > 0 || unexpected > 0 || admitted !== 2 * USERS || counters.openTimeouts > 0) process.exitCode = 1;
    if (MEDIA && (mediaStats.refused.size > 0 || mediaStats.segments.length === 0)) process.exitCode = 1;
  } finally {
    clearTimeout(deadline);
    await media?.stop();
    await stopServer(server);
  }
}

await main();
