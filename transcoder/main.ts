import { hostname } from "node:os";
import { ffmpegVersion } from "./ffmpeg";
import { JobApi } from "./job-api";
// Bundled in (scripts/transcoder.mjs): the version the transcoder reports is the one it was built from.
import { version as packageVersion } from "../package.json";
import { runJob } from "./run-job";

/**
 * The transcoder (docs/transcoding.md): claims jobs from the worker's job API and runs them, one
 * at a time, until stopped. Settings from the environment:
 *   WORKER_URL         the worker's origin (http://127.0.0.1:8787 under `npm run dev`)
 *   TRANSCODER_TOKEN   the job API's bearer token (the worker's secret of the same name)
 *   TRANSCODER_NAME    shown in the job's lease_owner (default: host and process id)
 *   TRANSCODER_PRESET  x264's preset (default 'veryfast')
 *   TRANSCODER_ONCE=1  run at most one job, then exit (tests, a container per job)
 *   TRANSCODER_POLL_SECONDS  the wait after finding no job (default 5)
 *   TRANSCODER_CACHE_DIR  development and tests only: keep each transcode's outputs there under a
 *                      hash of its source and reuse them for the same source (run-job.ts)
 * SIGTERM or SIGINT stops ffmpeg and hands the job back for another transcoder (fail with retry);
 * after a crash its lease runs out and another transcoder claims it.
 */
const workerUrl = process.env.WORKER_URL;
const token = process.env.TRANSCODER_TOKEN;
if (!workerUrl || !token) {
  console.error("transcoder: set WORKER_URL and TRANSCODER_TOKEN");
  process.exit(2);
}
const name = process.env.TRANSCODER_NAME || `${hostname()}:${process.pid}`;
const preset = process.env.TRANSCODER_PRESET || "veryfast";
const once = process.env.TRANSCODER_ONCE === "1";
const pollMs = Math.max(1, Number(process.env.TRANSCODER_POLL_SECONDS || 5)) * 1000;
const cacheDir = process.env.TRANSCODER_CACHE_DIR || undefined;

const version = packageVersion;
const ffmpeg = await ffmpegVersion();
let jobsRunning = 0;
const api = new JobApi(workerUrl, token, name, () => ({ version, ffmpeg, jobsRunning }));
const stopping = new AbortController();
const log = (line: string) => console.log(`[transcoder] ${line}`);
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    log(`${signal}: stopping`);
    stopping.abort();
  });
}

// The stop listener goes when the wait ends: one per idle poll would pile up on the signal.
const sleep = (ms: number) => new Promise<void>((resolve) => {
  const onStop = () => { clearTimeout(timer); resolve(); };
  const timer = setTimeout(() => { stopping.signal.removeEventListener("abort", onStop); resolve(); }, ms);
  stopping.signal.addEventListener("abort", onStop, { once: true });
});

async function main(): Promise<number> {
  log(`${name} (${version}, ${ffmpeg}) asking ${workerUrl} for jobs`);
  let lastError = "";
  while (!stopping.signal.aborted) {
    let claimed;
    try {
      claimed = await api.claim();
      lastError = "";
    } catch (error) {
      // The worker restarting, or not up yet: say so once, then keep asking.
      const text = String(error);
      if (text !== lastError) log(`cannot claim a job (${text}); asking again every ${pollMs / 1000} s`);
      lastError = text;
      if (once) return 1;
      await sleep(pollMs);
      continue;
    }
    if (!claimed) {
      if (once) return 0;
      await sleep(pollMs);
      continue;
    }
    log(`job ${claimed.job.id}: claimed (attempt ${claimed.job.attempts} of ${claimed.job.maxAttempts}), ${claimed.source.fileName}, ${claimed.source.bytes} bytes`);
    jobsRunning++;
    const outcome = await runJob(api, claimed, { preset, signal: stopping.signal, log, cacheDir }).finally(() => jobsRunning--);
    if (once) return outcome === "ready" ? 0 : 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[transcoder] ${String(error)}`);
    process.exit(1);
  },
);
