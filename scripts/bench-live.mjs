#!/usr/bin/env -S node --experimental-websocket
// `npm run bench:live`: a load test of live stream sessions (issue 10) against `wrangler dev`.
// BENCH_USERS simulated users (default 1,000) sign in, each asks the session check three times
// (two admitted, the third must be ERR_54648_1), holds its two sessions on /ws/streams with the
// spec's greeting and a ping every BENCH_PING_MS (30 s) for BENCH_SECONDS (default 60), then the
// account's device list must show no more than the limit. Prints session-check p50/p99, pings
// per second, refusals and sessions over the limit; also written to test-results/bench-live.md.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SignJWT } from "jose";
import { bin, root, runOrThrow, wranglerEnv } from "./run-command.mjs";
import { setupDb } from "./setup-db.mjs";
import { startServer, stopServer } from "./start-server.mjs";

const USERS = Number(process.env.BENCH_USERS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const PING_MS = Number(process.env.BENCH_PING_MS ?? 30_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const port = Number(process.env.BENCH_PORT ?? 8797);
const PERSIST_TO = ".wrangler/bench-live-state";
const ASSET = "men-audio-commentary";
const LIMIT = 2;
// The embedded dev portal's built-in signing settings (worker/auth/config.ts DEV_DEFAULTS): development only.
const DEV_SSO = { secret: "dev-only-sso-signing-secret-northbridge-rovers-0123456789", issuer: "rovers-dev-sso", audience: "northbridge-rovers-site" };

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

const cookiesOf = (res, jar) => {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const at = pair.indexOf("=");
    jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
};
const cookieHeader = (jar) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

/** Signs in user i through the callback with a dev-portal token carrying the sign-in state as nonce. */
async function signIn(base, i) {
  const jar = new Map();
  // Each simulated user has its own address: sign-in is rate-limited per IP.
  const ip = `10.77.${(i >> 8) & 255}.${i & 255}`;
  const start = await fetch(`${base}/auth/login`, { redirect: "manual", headers: { "cf-connecting-ip": ip } });
  cookiesOf(start, jar);
  const target = new URL(start.headers.get("location") ?? "");
  const callback = new URL(target.searchParams.get("redirect_uri") ?? target.searchParams.get("returnUrl") ?? "");
  const state = callback.searchParams.get("state") ?? "";
  const ssoID = `bench-${i}`;
  const token = await new SignJWT({ id: ssoID, email: `${ssoID}@example.test`, forename: "Bench", surname: String(i), nonce: state })
    .setJti(crypto.randomUUID())
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(DEV_SSO.issuer)
    .setAudience(DEV_SSO.audience)
    .setSubject(ssoID)
    .setIssuedAt()
    .setExpirationTime("5m")
    .sign(new TextEncoder().encode(DEV_SSO.secret));
  const res = await fetch(`${base}/auth/callback?state=${encodeURIComponent(state)}&tokenpayload=${encodeURIComponent(token)}`, {
    redirect: "manual",
    headers: { cookie: cookieHeader(jar), "cf-connecting-ip": ip },
  });
  cookiesOf(res, jar);
  if (res.status !== 302) throw new Error(`sign-in of ${ssoID} answered ${res.status}`);
  return { ssoID, ip, cookie: cookieHeader(jar) };
}

let oddAnswer = "";
async function sessionCheck(base, user, latencies) {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/session/check`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, cookie: user.cookie, "cf-connecting-ip": user.ip, "user-agent": "bench" },
    body: JSON.stringify({ data: { attributes: { videoID: ASSET, mediaType: "audio", userID: user.ssoID } } }),
  });
  const text = await res.text();
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

function holdSocket(base, user, token, counters) {
  return new Promise((resolve) => {
    const url = `${base.replace("http", "ws")}/ws/streams?token=${encodeURIComponent(token)}`;
    const ws = new WebSocket(url, { headers: { cookie: user.cookie, origin: base, "cf-connecting-ip": user.ip } });
    let timer;
    ws.onopen = () => {
      counters.sockets += 1;
      ws.send(JSON.stringify({ action: "session", data: btoa(`${user.ssoID}:${ASSET}`) }));
      timer = setInterval(() => {
        ws.send(JSON.stringify({ action: "ping" }));
        counters.pings += 1;
      }, PING_MS);
      setTimeout(() => {
        clearInterval(timer);
        ws.close(1000);
      }, SECONDS * 1000);
    };
    ws.onmessage = (event) => {
      if (String(event.data) === '{"action":"pong"}') counters.pongs += 1;
    };
    ws.onerror = () => (counters.socketErrors += 1);
    ws.onclose = () => {
      clearInterval(timer);
      resolve();
    };
  });
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

async function main() {
  // A fresh database and fresh Durable Objects every run: sessions of an earlier run must not count.
  rmSync(path.join(root, PERSIST_TO), { recursive: true, force: true });
  await setupDb({ persistTo: PERSIST_TO });
  const server = await startServer({ port, persistTo: PERSIST_TO, logFile: "test-results/bench-live-server.log", env: { NODE_ENV: "production" } });
  try {
    const base = server.baseUrl;
    console.log(`Signing in ${USERS} users…`);
    const users = await pool(Array.from({ length: USERS }, (_, i) => i), CONCURRENCY, (i) => signIn(base, i));
    await runOrThrow(
      bin("wrangler"),
      ["d1", "execute", "DB", "--local", "--persist-to", PERSIST_TO, "--yes", "--command", `UPDATE accounts SET entitlements = '["roverstv+"]' WHERE sso_id LIKE 'bench-%'`],
      { env: { ...wranglerEnv, CI: "true" }, capture: true },
    );
    // wrangler dev restarts its worker when the local database changes under it: wait until it answers again.
    await new Promise((r) => setTimeout(r, 3_000));
    for (let i = 0; i < 30; i += 1) {
      const ok = await fetch(`${base}/api/streams/${ASSET}`).then((r) => r.ok, () => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 1_000));
    }

    console.log("Session checks (3 per user)…");
    const latencies = [];
    const checkStart = performance.now();
    const answers = await pool(users, CONCURRENCY, async (user) => {
      const three = await Promise.all([0, 1, 2].map(() => sessionCheck(base, user, latencies)));
      return { user, three };
    });
    const checkSeconds = (performance.now() - checkStart) / 1000;
    const admitted = answers.flatMap((a) => a.three.filter((x) => x.token).map((x) => ({ user: a.user, token: x.token })));
    const refusals = answers.flatMap((a) => a.three.filter((x) => x.code)).reduce((m, x) => m.set(x.code, (m.get(x.code) ?? 0) + 1), new Map());

    console.log(`Holding ${admitted.length} sockets for ${SECONDS} s (ping every ${PING_MS / 1000} s)…`);
    const counters = { sockets: 0, pings: 0, pongs: 0, socketErrors: 0 };
    const holdStart = performance.now();
    const holding = Promise.all(admitted.map((s) => holdSocket(base, s.user, s.token, counters)));
    // While held: every account lists no more than the limit.
    await new Promise((r) => setTimeout(r, Math.min(SECONDS * 500, 20_000)));
    const held = await pool(users, CONCURRENCY, async (user) => {
      const res = await fetch(`${base}/api/session/devices`, { headers: { cookie: user.cookie, "cf-connecting-ip": user.ip } });
      return (await res.json()).data.length;
    });
    await holding;
    const holdSeconds = (performance.now() - holdStart) / 1000;
    const over = held.filter((n) => n > LIMIT).length;

    const rows = [
      ["users", USERS],
      ["session checks", latencies.length, `${(latencies.length / checkSeconds).toFixed(0)}/s`],
      ["session check p50 / p99", `${percentile(latencies, 50).toFixed(1)} ms / ${percentile(latencies, 99).toFixed(1)} ms`],
      ["admitted", admitted.length],
      ["refused", [...refusals].map(([code, n]) => `${code} ${n}`).join(", ") || "0"],
      ["sockets opened / errors", `${counters.sockets} / ${counters.socketErrors}`],
      ["pings sent / pongs", `${counters.pings} / ${counters.pongs} (${(counters.pings / holdSeconds).toFixed(1)} pings/s)`],
      ["accounts over the limit while held", over],
    ];
    const lines = [
      `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:live\`: ${USERS} users, ${CONCURRENCY} at a time, sockets held ${SECONDS} s, ping every ${PING_MS / 1000} s, local \`wrangler dev\`, Node ${process.version}.`,
      "",
      "| measure | value | |",
      "|---|---|---|",
      ...rows.map((r) => `| ${r[0]} | ${r[1]} | ${r[2] ?? ""} |`),
    ];
    console.log(`\n${lines.join("\n")}`);
    if (oddAnswer) console.log(`First answer other than 200/403: ${oddAnswer}`);
    mkdirSync(path.join(root, "test-results"), { recursive: true });
    writeFileSync(path.join(root, "test-results/bench-live.md"), `${lines.join("\n")}\n`);
    if (over > 0) process.exitCode = 1;
  } finally {
    await stopServer(server);
  }
}

await main();
