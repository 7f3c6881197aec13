#!/usr/bin/env -S node --experimental-websocket
// `npm run bench:matchday` (issue 20): BENCH_SOCKETS supporters (default 5,000) hold sockets to one
// match's room (/ws/matches/{id}, the MatchRoom Durable Object) on a local `wrangler dev` while the
// club's feed posts 30 events (POST /api/admin/matches/{id}/events, dev admin token, one
// Idempotency-Key each), BENCH_EVENT_MS apart (default 1,000). It reports the delivery time from the
// post to its receipt at every client (p50, p99, max), events missed or out of order (by seq, must
// be 0), workerd's memory per socket (RSS after the sockets opened minus before, divided by them),
// and a reconnect storm: after event 20, BENCH_STORM clients (default 1,000) close, events 21-25
// are posted without them, then they all reconnect at once with `?since=` their last seq and must
// catch up on exactly those five. Written to test-results/bench-matchday.md.
//
// Loopback only (127.0.0.1, BENCH_PORT default 8796), its own database under .wrangler/ (a fresh
// one each run) and a frozen build, so nothing else on the machine moves under it. Bounded: at
// most 20,000 sockets, and BENCH_DEADLINE_S (default 900 s) stops it whatever happens. The match
// is reset (DELETE /api/admin/matches/{id}/live) before and after the run, so the database is left
// a fixture as found.
//
// File descriptors: each socket is one descriptor in this process and, in local workerd (wrangler
// dev's entry, the worker and the Durable Object are separate services joined by sockets), about
// 7.3 in workerd, measured. workerd inherits `ulimit -n`; when it cannot hold BENCH_SOCKETS the
// bench opens as many as it can (WORKERD_FDS_PER_SOCKET) and says so: 5,000 need a limit of about
// 38,000 (`ulimit -n 40000` in the shell first, where the hard limit allows it).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { developmentVars, devAdminToken, root, runOrThrow } from "./run-command.mjs";
import { freezeBuild } from "./frozen-build.mjs";
import { setupDb } from "./setup-db.mjs";
import { startServer, stopServer } from "./start-server.mjs";

const ASKED = Math.min(Number(process.env.BENCH_SOCKETS ?? 5000), 20_000);
const WORKERD_FDS_PER_SOCKET = 7.5;
const openFilesLimit = Number(/Max open files\s+(\d+)/.exec(readFileSync("/proc/self/limits", "utf8"))?.[1] ?? Infinity);
// 1,000 descriptors kept back for workerd's own files and the storm's sockets, which reopen before the old ones are gone.
const SOCKETS = Math.min(ASKED, Math.floor((openFilesLimit - 1000) / WORKERD_FDS_PER_SOCKET));
const STORM = Math.min(Number(process.env.BENCH_STORM ?? 1000), SOCKETS);
const EVENT_MS = Number(process.env.BENCH_EVENT_MS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 100);
const DEADLINE_S = Number(process.env.BENCH_DEADLINE_S ?? 900);
const port = Number(process.env.BENCH_PORT ?? 8796);
const PERSIST_TO = ".wrangler/bench-matchday-state";
const FROZEN = ".wrangler/bench-matchday";
const EVENTS = 30;
const STORM_AFTER = 20; // the storm's clients leave after this event …
const STORM_MISSES = 5; // … and miss this many

/** The 30 posts, in an order the feed accepts: kick-off, a first half, half-time, a second half, full time. */
function script() {
  const play = (n, half) =>
    Array.from({ length: n }, (_, i) => {
      const minute = half === 1 ? 3 + i * 3 : 48 + i * 3;
      const kinds = [{ type: "comment", text: `Bench commentary, ${minute}'.` }, { type: "yellow" }, { type: "goal" }];
      return { ...kinds[i % kinds.length], minute, side: i % 2 ? "away" : "home" };
    });
  return [
    { type: "kickoff", minute: 0, side: "home" },
    ...play(13, 1),
    { type: "halftime", minute: 45, side: "home" },
    { type: "second-half", minute: 46, side: "home" },
    ...play(13, 2),
    { type: "fulltime", minute: 90, side: "home" },
  ];
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (v) => `${v.toFixed(1)} ms`;
const sleep = (t) => new Promise((r) => setTimeout(r, t));

async function pool(items, limit, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i], i);
      }
    }),
  );
}

/** Resident memory (bytes) and open file descriptors of the server's workerd processes (those in the wrangler process group). */
function workerdUse(groupID) {
  let total = 0;
  let fds = 0;
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== groupID || !stat.includes("(workerd)")) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      total += Number(rss?.[1] ?? 0) * 1024;
      fds += readdirSync(`/proc/${pid}/fd`).length;
    } catch {
      // gone meanwhile
    }
  }
  return { rss: total, fds };
}

async function call(base, pathname, method = "GET", body, key) {
  const headers = { accept: "application/json", "content-type": "application/json", authorization: `Bearer ${devAdminToken}`, "x-admin-actor": "bench-matchday" };
  if (key) headers["idempotency-key"] = key;
  const response = await fetch(`${base}${pathname}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const answer = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/**
 * One supporter: a socket that records every message's seq and arrival time. `lastSeq` is the
 * newest change it holds (a whole state counts as every change up to its seq).
 */
class Supporter {
  constructor(url, origin) {
    this.url = url;
    this.origin = origin;
    this.arrivals = []; // { seq, at, kind }
    this.lastSeq = 0;
    this.disorder = 0; // an event at or below a seq already held
    this.closedEarly = 0;
  }

  open(since) {
    return new Promise((resolve) => {
      const url = since === undefined ? this.url : `${this.url}?since=${since}`;
      const ws = new WebSocket(url, { headers: { origin: this.origin } });
      this.ws = ws;
      this.leaving = false;
      ws.onopen = () => resolve(true);
      ws.onmessage = (event) => {
        const at = performance.now();
        const message = JSON.parse(String(event.data));
        if (typeof message.seq !== "number") return;
        if (message.type === "state") {
          this.lastSeq = Math.max(this.lastSeq, message.seq);
        } else {
          if (message.seq !== this.lastSeq + 1) this.disorder += 1;
          this.lastSeq = Math.max(this.lastSeq, message.seq);
        }
        this.arrivals.push({ seq: message.seq, at, kind: message.type });
        this.waiter?.();
      };
      ws.onerror = () => resolve(false);
      ws.onclose = () => {
        if (!this.leaving) this.closedEarly += 1;
        resolve(false);
      };
    });
  }

  /** Resolves once the supporter holds seq (or after timeoutMs). */
  holds(seq, timeoutMs) {
    if (this.lastSeq >= seq) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.waiter = () => {
        if (this.lastSeq < seq) return;
        clearTimeout(timer);
        this.waiter = undefined;
        resolve(true);
      };
    });
  }

  close() {
    this.leaving = true;
    return new Promise((resolve) => {
      if (this.ws.readyState === WebSocket.CLOSED) return resolve();
      this.ws.addEventListener("close", () => resolve(), { once: true });
      this.ws.close(1000);
    });
  }
}

async function main() {
  rmSync(path.join(root, PERSIST_TO), { recursive: true, force: true });
  await runOrThrow(process.execPath, [path.join(root, "scripts", "build-client.mjs")]);
  const config = await freezeBuild(FROZEN);
  await setupDb({ persistTo: PERSIST_TO });
  const server = await startServer({
    port,
    persistTo: PERSIST_TO,
    logFile: "test-results/bench-matchday-server.log",
    env: { NODE_ENV: "production" },
    entry: null,
    vars: [...developmentVars, "--config", config],
  });
  const deadline = setTimeout(() => {
    console.error(`bench:matchday: over ${DEADLINE_S} s, stopping`);
    process.exit(2);
  }, DEADLINE_S * 1000);
  deadline.unref();
  const base = server.baseUrl;
  let matchID;
  try {
    const fixtures = await call(base, "/api/fixtures?team=");
    matchID = fixtures.matches.find((m) => m.status === "fixture")?.id;
    if (matchID === undefined) throw new Error("The first team has no fixture to play");
    await call(base, `/api/admin/matches/${matchID}/live`, "DELETE");

    const wsURL = `${base.replace("http", "ws")}/ws/matches/${matchID}`;
    // Warm the worker and the room before weighing workerd.
    const warm = new Supporter(wsURL, base);
    await warm.open();
    await warm.close();
    await sleep(1000);
    const { rss: rssBefore, fds: fdsBefore } = workerdUse(server.child.pid);
    const load = () => os.loadavg().map((x) => x.toFixed(2)).join(" ");
    const loadAtStart = load();

    if (SOCKETS < ASKED) console.log(`Asked for ${ASKED} sockets; opening ${SOCKETS}: local workerd holds ~${WORKERD_FDS_PER_SOCKET} file descriptors per socket and ulimit -n is ${openFilesLimit}.`);
    console.log(`Opening ${SOCKETS} sockets to match ${matchID}, ${CONCURRENCY} at a time…`);
    const supporters = Array.from({ length: SOCKETS }, () => new Supporter(wsURL, base));
    let failedOpens = 0;
    const openStart = performance.now();
    await pool(supporters, CONCURRENCY, async (s) => {
      if (!(await s.open())) failedOpens += 1;
    });
    const openSeconds = (performance.now() - openStart) / 1000;
    await sleep(2000);
    const { rss: rssAfter, fds: fdsAfter } = workerdUse(server.child.pid);
    const open = supporters.filter((s) => s.ws.readyState === WebSocket.OPEN);
    console.log(`${open.length} open (${failedOpens} failed) in ${openSeconds.toFixed(1)} s; workerd RSS ${(rssBefore / 2 ** 20).toFixed(0)} → ${(rssAfter / 2 ** 20).toFixed(0)} MB`);

    const posts = script();
    const postedAt = new Map(); // seq → time the post was sent
    const present = new Map(); // seq → the supporters connected when it was posted
    const run = `bench-${Date.now()}`;
    let stormers = [];
    let away = new Set();
    let storm = null;
    const loads = [];
    for (const [i, body] of posts.entries()) {
      if (i === STORM_AFTER) {
        stormers = open.slice(0, STORM);
        away = new Set(stormers);
        await Promise.all(stormers.map((s) => s.close()));
      }
      const listening = open.filter((s) => storm || !away.has(s));
      const t0 = performance.now();
      const { data } = await call(base, `/api/admin/matches/${matchID}/events`, "POST", body, `${run}-${i}`);
      postedAt.set(data.seq, t0);
      present.set(data.seq, listening);
      loads.push(os.loadavg()[0]);
      console.log(`${String(body.minute).padStart(3)}' ${body.type.padEnd(12)} seq ${data.seq}`);
      if (i === STORM_AFTER + STORM_MISSES - 1) {
        // Everyone away reconnects in the same moment, each with the last seq it saw.
        const target = data.seq;
        const s0 = performance.now();
        const reopened = await Promise.all(stormers.map((s) => s.open(s.lastSeq)));
        const caught = await Promise.all(stormers.map((s) => s.holds(target, 30_000).then((ok) => ({ ok, at: performance.now() - s0 }))));
        storm = {
          reopened: reopened.filter(Boolean).length,
          caughtUp: caught.filter((c) => c.ok).length,
          p99: percentile(caught.filter((c) => c.ok).map((c) => c.at), 99),
          max: Math.max(...caught.filter((c) => c.ok).map((c) => c.at)),
        };
        console.log(`Reconnect storm: ${storm.reopened} of ${STORM} reopened, ${storm.caughtUp} caught up (p99 ${ms(storm.p99)})`);
      }
      await sleep(EVENT_MS);
    }
    const lastSeq = Math.max(...postedAt.keys());
    await Promise.all(open.map((s) => s.holds(lastSeq, 10_000)));

    // Delivery: every (event, supporter present at its post) pair; a pair with no arrival is missed.
    const delivery = [];
    let missed = 0;
    for (const [seq, t0] of postedAt) {
      for (const s of present.get(seq)) {
        const arrival = s.arrivals.find((a) => a.seq === seq && a.kind !== "state");
        if (arrival) delivery.push(arrival.at - t0);
        else missed += 1;
      }
    }
    // Catch-up: every stormer must hold each event it was away for exactly once.
    const awaySeqs = [...postedAt.keys()].slice(STORM_AFTER, STORM_AFTER + STORM_MISSES);
    let stormMissed = 0;
    let duplicates = 0;
    for (const s of stormers) for (const seq of awaySeqs) if (!s.arrivals.some((a) => a.seq === seq)) stormMissed += 1;
    for (const s of open) {
      const seen = s.arrivals.filter((a) => a.kind !== "state").map((a) => a.seq);
      duplicates += seen.length - new Set(seen).size;
    }
    const disorder = open.reduce((n, s) => n + s.disorder, 0);
    const closedEarly = open.reduce((n, s) => n + s.closedEarly, 0);

    const rows = [
      ["sockets held", `${open.length} of ${SOCKETS}`, `${SOCKETS < ASKED ? `${ASKED} asked, capped by ulimit -n ${openFilesLimit}; ` : ""}${failedOpens} failed to open; opened in ${openSeconds.toFixed(1)} s, ${CONCURRENCY} at a time`],
      ["events posted", postedAt.size, `${EVENT_MS} ms apart`],
      ["deliveries (event × supporter connected at its post)", delivery.length, ""],
      ["delivery, post → receipt, p50 / p99 / max", `${ms(percentile(delivery, 50))} / ${ms(percentile(delivery, 99))} / ${ms(Math.max(...delivery))}`, ""],
      ["missed / out of order / duplicated", `${missed} / ${disorder} / ${duplicates}`, "by seq"],
      ["sockets closed by the server", closedEarly, ""],
      ["workerd RSS before / after opening", `${(rssBefore / 2 ** 20).toFixed(1)} / ${(rssAfter / 2 ** 20).toFixed(1)} MB`, `${((rssAfter - rssBefore) / Math.max(1, open.length) / 1024).toFixed(1)} kB per socket`],
      ["workerd open file descriptors before / after opening", `${fdsBefore} / ${fdsAfter}`, `${((fdsAfter - fdsBefore) / Math.max(1, open.length)).toFixed(2)} per socket`],
      ["reconnect storm: reopened / caught up", `${storm?.reopened ?? 0} / ${storm?.caughtUp ?? 0} of ${STORM}`, `${STORM_MISSES} events missed while away, ${stormMissed} not recovered`],
      ["reconnect storm: reopen → caught up, p99 / max", storm ? `${ms(storm.p99)} / ${ms(storm.max)}` : "-", ""],
      ["load average (1 min) at start / during posts (max)", `${loadAtStart.split(" ")[0]} / ${Math.max(...loads).toFixed(2)}`, ""],
    ];
    const lines = [
      `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC with \`npm run bench:matchday\`: ${SOCKETS} sockets to one match's room, ${EVENTS} events, local \`wrangler dev\` (frozen build, NODE_ENV=production) on 127.0.0.1, clients in one Node ${process.version} process, ${os.cpus().length} cores shared by both.`,
      "",
      "| measure | value | |",
      "|---|---|---|",
      ...rows.map((r) => `| ${r[0]} | ${r[1]} | ${r[2] ?? ""} |`),
    ];
    console.log(`\n${lines.join("\n")}`);
    mkdirSync(path.join(root, "test-results"), { recursive: true });
    writeFileSync(path.join(root, "test-results/bench-matchday.md"), `${lines.join("\n")}\n`);
    await Promise.all(open.map((s) => s.close()));
    if (missed || disorder || duplicates || stormMissed || open.length < SOCKETS || (storm?.caughtUp ?? 0) < STORM) process.exitCode = 1;
  } finally {
    clearTimeout(deadline);
    // The match back to a fixture, as found.
    if (matchID !== undefined) await call(base, `/api/admin/matches/${matchID}/live`, "DELETE").catch((e) => console.error(`reset failed: ${e.message}`));
    await stopServer(server);
  }
}

await main();
