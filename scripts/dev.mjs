#!/usr/bin/env node
// `npm run dev`: local D1 up to date with demo content, the client built (and rebuilt when src/ or
// client/ change), then `wrangler dev` of the development entry (worker/dev-index.ts) on
// 127.0.0.1:${PORT:-8787}, and one transcoder beside it (scripts/transcoder.mjs: it turns uploaded
// videos into HLS with ffmpeg) and the live ingest service (scripts/ingest.mjs: encoders push SRT to
// it; DEMO_LIVE=1 also runs `npm run demo:live`'s push). Once the site answers, the demo catalogue's
// videos are generated, uploaded and linked in the background (scripts/demo-videos.mjs): each shows
// 'processing' until the transcoder has made its media. Ctrl-C stops everything.
import { spawn } from "node:child_process";
import { existsSync, watch } from "node:fs";
import path from "node:path";
import { bin, devAdminToken, devIngestToken, devTranscoderToken, developmentEntry, developmentVars, root, rtmpPort, run, srtBasePort, wranglerEnv } from "./run-command.mjs";
import { setupDb } from "./setup-db.mjs";
import { demoVideos, TRANSCODE_CACHE } from "./demo-videos.mjs";

const port = Number(process.env.PORT || 8787);
const buildScript = path.join(root, "scripts", "build-client.mjs");

async function buildClient() {
  const { code } = await run(process.execPath, [buildScript]);
  return code === 0;
}

/** Rebuilds the client after changes under src/ and client/; wrangler reloads on the new manifest. */
function watchClientSources() {
  let timer;
  let building = false;
  let again = false;
  const rebuild = async () => {
    if (building) {
      again = true;
      return;
    }
    building = true;
    const ok = await buildClient();
    console.log(ok ? "Client rebuilt." : "Client build failed; fix the error and save again.");
    building = false;
    if (again) {
      again = false;
      void rebuild();
    }
  };
  const watchers = [];
  for (const dir of ["src", "client"]) {
    const full = path.join(root, dir);
    if (!existsSync(full)) continue;
    try {
      watchers.push(
        watch(full, { recursive: true }, () => {
          clearTimeout(timer);
          timer = setTimeout(rebuild, 200);
        }),
      );
    } catch (error) {
      console.warn(`Not watching ${dir}/ (${error.message}); rerun npm run build after client changes.`);
    }
  }
  return () => {
    clearTimeout(timer);
    for (const w of watchers) w.close();
  };
}

let stopping = false;


/**
 * One transcoder beside wrangler, asking it for jobs. Without ffmpeg (and no way to install it:
 * scripts/ensure-ffmpeg.sh), the site runs as ever and says why uploaded videos stay 'processing'.
 */
async function startTranscoder() {
  const ensure = await run("bash", [path.join(root, "scripts", "ensure-ffmpeg.sh")]);
  if (ensure.code !== 0) {
    console.warn("\nNo transcoder: ffmpeg is not installed and could not be installed (apt-get install -y ffmpeg).\nUploaded videos wait as 'processing' until a transcoder runs: npm run transcoder with WORKER_URL and TRANSCODER_TOKEN.\n");
    return null;
  }
  const child = spawn(process.execPath, [path.join(root, "scripts", "transcoder.mjs")], {
    cwd: root,
    env: { ...process.env, WORKER_URL: `http://127.0.0.1:${port}`, TRANSCODER_TOKEN: devTranscoderToken, TRANSCODER_NAME: "npm-run-dev", TRANSCODER_POLL_SECONDS: "2", TRANSCODER_CACHE_DIR: TRANSCODE_CACHE },
    stdio: ["ignore", "inherit", "inherit"],
  });
  child.on("exit", (code, signal) => {
    if (!stopping) console.warn(`The transcoder stopped (${signal ?? `exit ${code}`}); uploaded videos wait until npm run dev starts again.`);
  });
  return child;
}

/** Waits (up to 3 minutes) until wrangler answers, then gives the demo catalogue its media. */
async function loadDemoVideos() {
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 90; i++) {
    const up = await fetch(`${base}/robots.txt`, { signal: AbortSignal.timeout(5000) }).then((r) => r.ok, () => false);
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  try {
    const seconds = await demoVideos({ base, wait: true, timeoutMs: 60 * 60_000, log: (line) => console.log(line) });
    console.log(`demo videos: every catalogue video is ready (${seconds.toFixed(0)} s)`);
  } catch (error) {
    if (!stopping) console.warn(`demo videos: ${error.message}; the videos left show 'processing' until the transcoder has them (npm run dev again resumes what is left).`);
  }
}

/**
 * The live ingest service beside wrangler (SRT listeners on 127.0.0.1 for the events with a key),
 * and with DEMO_LIVE=1 the demo push into it (scripts/demo-live.mjs). Needs ffmpeg like the transcoder.
 */
function startIngest(ffmpeg) {
  if (!ffmpeg) return [];
  const env = { ...process.env, WORKER_URL: `http://127.0.0.1:${port}`, INGEST_TOKEN: devIngestToken, INGEST_BIND: "127.0.0.1", INGEST_RTMP_PORT: String(rtmpPort(port)) };
  const children = [spawn(process.execPath, [path.join(root, "scripts", "ingest.mjs")], { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] })];
  if (process.env.DEMO_LIVE === "1") children.push(spawn(process.execPath, [path.join(root, "scripts", "demo-live.mjs")], { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] }));
  return children;
}

async function main() {
  await setupDb();
  if (!existsSync(buildScript)) throw new Error("scripts/build-client.mjs is missing");
  if (!(await buildClient())) throw new Error("the client build failed");
  const stopWatching = watchClientSources();

  // The ingest's SRT ports move with the port, so two checkouts' dev servers and an e2e run do not meet.
  const args = ["dev", developmentEntry, "--port", String(port), "--ip", "127.0.0.1", "--show-interactive-dev-session=false", ...developmentVars, "--var", `INGEST_SRT_BASE_PORT:${srtBasePort(port)}`, "--var", `INGEST_RTMP_PORT:${rtmpPort(port)}`];
  console.log(`\n> wrangler ${args.join(" ")}\nOpen http://localhost:${port}\n`);
  console.log(`Admin API (development only): Authorization: Bearer ${devAdminToken}\n`);
  const child = spawn(bin("wrangler"), args, {
    cwd: root,
    // React's development build makes each server render 10-30 times slower (400-700 ms a page);
    // `NODE_ENV=development npm run dev` brings back its warnings when they are wanted.
    env: { NODE_ENV: "production", ...process.env, ...wranglerEnv },
    stdio: ["ignore", "inherit", "inherit"],
    detached: true, // own process group (wrangler + workerd), ended together below
  });
  const forward = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  const transcoder = await startTranscoder();
  // Without ffmpeg there is nothing to make the sources with either: the catalogue stays 'processing' (said above).
  if (transcoder) void loadDemoVideos();
  const ingest = startIngest(transcoder !== null);
  const stopTranscoder = (signal) => {
    stopping = true;
    for (const helper of [transcoder, ...ingest]) if (helper && helper.exitCode === null) helper.kill(signal === "SIGHUP" ? "SIGTERM" : signal);
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => {
      stopTranscoder(signal);
      forward(signal);
    });
  }
  process.on("exit", () => {
    stopTranscoder("SIGKILL");
    forward("SIGKILL");
  });
  child.on("exit", (code, signal) => {
    stopWatching();
    process.exit(code ?? (signal === "SIGINT" || signal === "SIGTERM" ? 0 : 1));
  });
}

main().catch((error) => {
  console.error(`npm run dev failed: ${error.message}`);
  process.exit(1);
});
