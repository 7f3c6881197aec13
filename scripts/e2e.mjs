#!/usr/bin/env node
// `npm run test:e2e`: Chromium ready, client built, a fresh D1 state of its own in .wrangler/e2e-state
// (a developer's .wrangler/state is never touched), `wrangler dev` on 127.0.0.1:${E2E_PORT:-8799},
// the ingest service with a real-time push to each live event the tests play (scripts/e2e-live.mjs),
// then the e2e vitest run against it (E2E_BASE_URL tells the tests where it is, E2E_STATE_TOKEN opens its state route). The server is stopped whatever happens;
// one that exits by itself is started again on the same port and state, and the run says so.
// Four phases (vitest.e2e.config.ts): the files that play the pushed live events, E2E_WORKERS side by
// side (default 1), then the exclusive ones among them (they change site-wide state) one at a time;
// then the pushes stop, and the other exclusive files run one at a time, and the rest E2E_WORKERS
// side by side. All report into test-results/e2e.json.
//   node scripts/e2e.mjs [--skip-build] [--shuffle[=seed]] [vitest filters...]
// --shuffle runs files and tests in a random order and prints the seed; --shuffle=<seed> repeats an order.
// E2E_KEEP_STATE=1 reuses the previous e2e database instead of starting from the seed.
// Before the tests, the demo catalogue gets its media as `npm run dev` gives it (scripts/demo-videos.mjs):
// each video's generated source uploaded through the console API, E2E_TRANSCODERS transcoders
// (default 2) beside the server, and the run waits until every video is ready, printing progress.
// Transcoded outputs are cached on disk (.wrangler/transcode-cache, keyed by the source's bytes), so
// after the first run each job still goes through the upload and job APIs but skips ffmpeg.
// The tests read and write the server's D1 through the server itself (POST /dev-state/d1, the
// development build's state route), with a token made for this run: one runtime owns the SQLite file.
import { randomBytes } from "node:crypto";
import { createWriteStream, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { bin, developmentVars, devTranscoderToken, root, rtmpPort, run, runOrThrow, srtBasePort } from "./run-command.mjs";
import { demoVideos, startTranscoder } from "./demo-videos.mjs";
import { startLiveMedia } from "./e2e-live.mjs";
import { setupDb } from "./setup-db.mjs";
import { startServer, stopServer } from "./start-server.mjs";

const PERSIST_TO = ".wrangler/e2e-state";
const port = Number(process.env.E2E_PORT || 8799);
// The ingest's SRT listeners take one port per live event from this base: apart for each E2E_PORT,
// so two e2e runs on one machine (worktrees side by side) never listen on each other's ports.
const srtBase = srtBasePort(port);
const argv = process.argv.slice(2);
const skipBuild = argv.includes("--skip-build");
const shuffle = argv.find((a) => a === "--shuffle" || a.startsWith("--shuffle="));
const seed = shuffle?.includes("=") ? Number(shuffle.split("=")[1]) : Math.floor(Math.random() * 1_000_000);
const vitestFilters = argv.filter((a) => a !== "--skip-build" && a !== shuffle);
const PHASES = ["live", "live-exclusive", "exclusive", "shared"];

/** One report for the stage (scripts/test.mjs reads its counts): the phases' counts added up. */
function mergeReports(serverRestarts) {
  const keys = ["numTotalTests", "numPassedTests", "numFailedTests", "numPendingTests", "numTodoTests", "numTotalTestSuites", "numPassedTestSuites", "numFailedTestSuites"];
  const merged = { success: true, testResults: [], serverRestarts };
  for (const phase of PHASES) {
    let report;
    try {
      report = JSON.parse(readFileSync(path.join(root, `test-results/e2e-${phase}.json`), "utf8"));
    } catch {
      merged.success = false;
      continue;
    }
    for (const key of keys) merged[key] = (merged[key] ?? 0) + (report[key] ?? 0);
    merged.success &&= report.success;
    merged.testResults.push(...report.testResults);
  }
  writeFileSync(path.join(root, "test-results/e2e.json"), JSON.stringify(merged));
}

async function main() {
  await runOrThrow("bash", [path.join(root, "scripts", "ensure-browser.sh")], { quiet: true });
  if (!skipBuild) await runOrThrow(process.execPath, [path.join(root, "scripts", "build-client.mjs")]);
  if (!process.env.E2E_KEEP_STATE) rmSync(path.join(root, PERSIST_TO), { recursive: true, force: true });
  await setupDb({ persistTo: PERSIST_TO });

  // Known to this run's server and tests only; without it the state route does not exist.
  const stateToken = randomBytes(32).toString("hex");
  const server = await startServer({
    port,
    persistTo: PERSIST_TO,
    logFile: "test-results/e2e-server.log",
    vars: [...developmentVars, "--var", `DEV_STATE_TOKEN:${stateToken}`, "--var", `INGEST_SRT_BASE_PORT:${srtBase}`, "--var", `INGEST_RTMP_PORT:${rtmpPort(port)}`],
    // A crash of the server (workerd) fails the tests in flight, not every test after it.
    restart: true,
  });
  const transcoders = [];
  let live = null;
  try {
    const ensure = await run("bash", [path.join(root, "scripts", "ensure-ffmpeg.sh")], { quiet: true });
    if (ensure.code !== 0) throw new Error("ffmpeg is needed to give the demo catalogue its media (scripts/ensure-ffmpeg.sh could not install it)");
    const count = Math.max(1, Number(process.env.E2E_TRANSCODERS || 2));
    const transcoderLog = createWriteStream(path.join(root, "test-results/e2e-transcoders.log"));
    // x264's fastest preset, as the live side has: a test card's picture loses nothing a test looks
    // at, and a fresh clone's catalogue is most of the time before the first test.
    const preset = "ultrafast";
    for (let i = 1; i <= count; i++) transcoders.push(startTranscoder({ base: server.baseUrl, name: `e2e-${i}`, token: devTranscoderToken, preset, log: (line) => transcoderLog.write(`${line}\n`) }));
    const seconds = await demoVideos({ base: server.baseUrl, wait: true, timeoutMs: 30 * 60_000 });
    console.log(`\ne2e: every demo video is ready after ${seconds.toFixed(0)} s (${count} transcoder${count > 1 ? "s" : ""}; log: test-results/e2e-transcoders.log)`);
    live = await startLiveMedia({ baseUrl: server.baseUrl, stateToken });
  } catch (error) {
    for (const t of transcoders) t.kill("SIGTERM");
    await live?.stop();
    await stopServer(server);
    throw error;
  }
  if (shuffle) console.log(`\ne2e in shuffled order, seed ${seed} (repeat with: npm run test:e2e -- --shuffle=${seed})`);
  let failed = 0;
  try {
    for (const phase of PHASES) {
      // The files after this do not play the pushed events: the machine's cores go to them instead.
      if (phase === "exclusive") await live.stopPushes();
      rmSync(path.join(root, `test-results/e2e-${phase}.json`), { force: true });
      const { code } = await run(
        bin("vitest"),
        [
          "run",
          "--config",
          "vitest.e2e.config.ts",
          "--reporter=default",
          "--reporter=json",
          `--outputFile.json=test-results/e2e-${phase}.json`,
          // a filter may leave a phase without files
          "--passWithNoTests",
          ...(shuffle ? ["--sequence.shuffle", `--sequence.seed=${seed}`] : []),
          ...vitestFilters,
        ],
        // Not BASE_URL: vitest sets that one to Vite's base ("/") inside the test process.
        // E2E_INGEST_RUNNING: the ingest is this script's (tests never start a second one on its ports).
        { env: { E2E_BASE_URL: server.baseUrl, E2E_STATE_TOKEN: stateToken, E2E_PHASE: phase, E2E_INGEST_RUNNING: "1" } },
      );
      if (code !== 0) failed = code;
    }
    mergeReports(server.restarts);
    if (server.restarts > 0) console.error(`\ne2e: the server exited by itself and was started again ${server.restarts} time(s): see the messages above and test-results/e2e-server.log`);
    return failed;
  } finally {
    // Kept until the end: a test that uploads a video gets it transcoded.
    for (const t of transcoders) t.kill("SIGTERM");
    await live.stop();
    await stopServer(server);
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`e2e failed: ${error.message}`);
    process.exit(1);
  },
);
