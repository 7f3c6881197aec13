#!/usr/bin/env node
// The demo catalogue's media, through the production pipeline: for every catalogue video without a
// source, ffmpeg makes one of its own (a test pattern picked by its entry id, its title and a
// running clock burned in, a tone of its own, exactly as long as the duration the site shows),
// which is uploaded through the console's multipart API as the development admin's staff account,
// linked with PUT /api/console/videos/catalogue/{entryId}/source, and transcoded by whichever
// transcoders ask the worker for jobs. Videos already linked are skipped; generated sources are
// kept in .wrangler/demo-videos/ under a key of title, duration and GENERATOR, so a second start
// generates nothing.
//   node scripts/demo-videos.mjs [--base http://127.0.0.1:8787] [--wait]
// --wait: then waits until every catalogue video is ready (or one fails), printing progress.
// Used by `npm run dev` (in the background) and the e2e harness (waiting).
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { devSignIn } from "./bench-sign-in.mjs";
import { CAPTIONED_DEMO_VIDEOS, demoCaptions } from "./demo-captions.mjs";
import { devAdminToken, root } from "./run-command.mjs";

/**
 * The transcoder's output cache under `npm run dev` and the e2e suite (TRANSCODER_CACHE_DIR,
 * transcoder/run-job.ts): a fresh state's catalogue is transcoded once per machine, and after that
 * each job still goes through the job API but takes its outputs from here.
 */
export const TRANSCODE_CACHE = path.join(root, ".wrangler", "transcode-cache");

/**
 * Starts a transcoder (scripts/transcoder.mjs) asking `base` for jobs; its lines go to `log`.
 * `preset`: x264's (the transcoder's default when not given).
 */
export function startTranscoder({ base, name, token, log = console.log, preset }) {
  const child = spawn(process.execPath, [path.join(root, "scripts", "transcoder.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      WORKER_URL: base,
      TRANSCODER_TOKEN: token,
      TRANSCODER_NAME: name,
      TRANSCODER_POLL_SECONDS: "1",
      TRANSCODER_CACHE_DIR: TRANSCODE_CACHE,
      ...(preset ? { TRANSCODER_PRESET: preset } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [child.stdout, child.stderr]) {
    let rest = "";
    stream.on("data", (chunk) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) log(line);
    });
  }
  return child;
}

/** Bump when the generated sources change: the cache keys include it. */
export const GENERATOR = "demo-v1";
const CACHE = path.join(root, ".wrangler", "demo-videos");
const FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";
// 854x480 gives the ladder two video rungs (480p, 360p) and the audio one; 15 frames a second
// halves the transcode of the 25 a broadcast has, and a test card loses nothing by it.
const SIZE = "854x480";
const RATE = 15;
const PATTERNS = ["testsrc2", "smptehdbars", "cellauto"];
const STAFF_ID = "demo-videos";
const IP = "10.92.0.1";

function hashOf(text) {
  return createHash("sha256").update(text).digest("hex");
}

function ffmpeg(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.env.FFMPEG_PATH || "ffmpeg", args, { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    child.stderr.on("data", (chunk) => (err = (err + chunk).slice(-2000)));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${err.trim()}`))));
  });
}

/** The video's source file, made once and kept under its key. */
export async function demoSource({ entryId, title, durationSeconds }) {
  const key = hashOf(`${GENERATOR}\n${title}\n${durationSeconds}`).slice(0, 24);
  const file = path.join(CACHE, `${key}.mp4`);
  if (existsSync(file)) return file;
  mkdirSync(CACHE, { recursive: true });
  // The title from a file: drawtext's text= would need every ':' and quote of it escaped.
  const titleFile = path.join(CACHE, `${key}.txt`);
  writeFileSync(titleFile, title);
  const pick = parseInt(hashOf(entryId).slice(0, 8), 16);
  const pattern = PATTERNS[pick % PATTERNS.length];
  const source = pattern === "cellauto" ? `cellauto=size=${SIZE}:rate=${RATE}:rule=${[30, 90, 110, 150][pick % 4]}` : `${pattern}=size=${SIZE}:rate=${RATE}`;
  const tone = 220 + (pick % 24) * 20;
  const box = "box=1:boxcolor=black@0.65:boxborderw=10";
  const filter = [
    `drawtext=fontfile=${FONT}:textfile=${titleFile}:x=(w-tw)/2:y=h-104:fontsize=26:fontcolor=white:${box}`,
    `drawtext=fontfile=${FONT}:text='%{pts\\:hms}':x=(w-tw)/2:y=h-54:fontsize=28:fontcolor=yellow:${box}`,
  ].join(",");
  const partial = `${file}.partial.mp4`;
  await ffmpeg([
    "-hide_banner", "-loglevel", "error", "-y",
    "-f", "lavfi", "-i", source,
    "-f", "lavfi", "-i", `sine=frequency=${tone}:sample_rate=48000`,
    "-t", String(durationSeconds), "-vf", filter,
    "-c:v", "libx264", "-preset", "veryfast", "-b:v", "500k", "-maxrate", "600k", "-bufsize", "1200k", "-pix_fmt", "yuv420p",
    "-c:a", "aac", "-b:a", "64k", "-ac", "2", "-shortest", "-movflags", "+faststart", partial,
  ]);
  renameSync(partial, file);
  return file;
}

/** A staff session of the development admin's making (the admin API grants it), as the integration test signs in. */
async function staffSession(base) {
  let cookie = "";
  for (let attempt = 0; !cookie; attempt++) {
    // wrangler may reload the worker once just after it first answers: retried.
    cookie = await devSignIn(base, STAFF_ID, IP).catch(async (error) => {
      if (attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2000));
      return "";
    });
  }
  const grant = await fetch(`${base}/api/admin/accounts/${STAFF_ID}/grant-staff`, { method: "POST", headers: { authorization: `Bearer ${devAdminToken}` } });
  if (grant.status !== 200) throw new Error(`granting staff answered ${grant.status}: ${await grant.text()}`);
  // Signed in again: the session carries the role it had when it began.
  return devSignIn(base, STAFF_ID, IP);
}

function consoleClient(base, cookie) {
  return async (p, init = {}) => {
    const res = await fetch(`${base}/api/console${p}`, { ...init, headers: { cookie, origin: base, "cf-connecting-ip": IP, ...init.headers } });
    const text = await res.text();
    if (!res.ok) throw Object.assign(new Error(`${init.method ?? "GET"} /api/console${p} answered ${res.status}: ${text.slice(0, 300)}`), { status: res.status });
    return text ? JSON.parse(text) : null;
  };
}

/** Uploads `file` through the console's multipart API and links it to the video. */
async function uploadAndLink(call, entryId, file) {
  const bytes = readFileSync(file);
  const json = { "content-type": "application/json" };
  const upload = (await call("/videos/uploads", { method: "POST", headers: json, body: JSON.stringify({ fileName: `${entryId}.mp4`, bytes: bytes.length }) })).data.attributes;
  for (let n = 1; n <= upload.parts; n++) {
    await call(`/videos/uploads/${upload.id}/parts/${n}`, { method: "PUT", body: bytes.subarray((n - 1) * upload.partBytes, n * upload.partBytes) });
  }
  await call(`/videos/uploads/${upload.id}/complete`, { method: "POST" });
  await call(`/videos/catalogue/${entryId}/source`, { method: "PUT", headers: json, body: JSON.stringify({ sourceId: upload.id }) });
}

/**
 * English captions for the newest CAPTIONED_DEMO_VIDEOS videos that have none, through the
 * console's captions API (the path staff take): the demo site shows the player's Captions choice.
 */
async function captionNewest(call, rows) {
  let added = 0;
  for (const video of rows.slice(0, CAPTIONED_DEMO_VIDEOS)) {
    const detail = (await call(`/videos/catalogue/${video.entryId}`)).data.attributes;
    if (detail.captions.length > 0) continue;
    const label = new URLSearchParams({ label: "English" });
    await call(`/videos/catalogue/${video.entryId}/captions/en?${label}`, { method: "PUT", headers: { "content-type": "text/vtt" }, body: demoCaptions(video) });
    added++;
  }
  return added;
}

const tally = (rows) => {
  const count = { ready: 0, waiting: 0, failed: 0, unlinked: 0 };
  for (const r of rows) {
    if (!r.sourceId) count.unlinked++;
    else if (r.status === "ready") count.ready++;
    else if (r.status === "failed") count.failed++;
    else count.waiting++;
  }
  return count;
};

/**
 * Gives every unlinked catalogue video its generated source. With `wait`, then polls until every
 * video is ready (resolves) or one has failed or `timeoutMs` passed (rejects).
 */
export async function demoVideos({ base, wait = false, timeoutMs = 15 * 60_000, log = console.log }) {
  const started = Date.now();
  const call = consoleClient(base, await staffSession(base));
  const rows = (await call("/videos/catalogue")).data;
  const todo = rows.filter((r) => !r.sourceId);
  log(`demo videos: ${rows.length - todo.length} of ${rows.length} already have a source; generating and uploading ${todo.length}`);
  let done = 0;
  for (const video of todo) {
    const file = await demoSource(video);
    // wrangler restarts the worker when a watched file changes (a developer editing during
    // `npm run dev`), and a loaded machine has seen it restart by itself: an upload cut that way
    // (503, or no answer) is made again from the start; the cut one stays an unfinished upload no
    // video links to (as a supporter's abandoned one would).
    for (let attempt = 1; ; attempt++) {
      try {
        await uploadAndLink(call, video.entryId, file);
        break;
      } catch (error) {
        const cut = error.status === 503 || error.status === 502 || error instanceof TypeError;
        if (!cut || attempt >= 4) throw error;
        log(`demo videos: ${video.entryId}: ${error.message.split("\n")[0]}; uploading it again`);
        await new Promise((resolve) => setTimeout(resolve, 3000 * attempt));
      }
    }
    done++;
    if (done % 10 === 0 || done === todo.length) log(`demo videos: ${done}/${todo.length} uploaded and linked (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  const captioned = await captionNewest(call, rows);
  if (captioned > 0) log(`demo videos: English captions for ${captioned} of the newest`);
  if (!wait) return;
  let last = "";
  for (;;) {
    const now = tally((await call("/videos/catalogue")).data);
    const line = `demo videos: ${now.ready}/${rows.length} ready, ${now.waiting} waiting or transcoding (${((Date.now() - started) / 1000).toFixed(0)} s)`;
    if (line.split(",")[0] !== last) log(line);
    last = line.split(",")[0];
    if (now.failed > 0) throw new Error(`${now.failed} demo video(s) failed to transcode`);
    if (now.ready === rows.length) return (Date.now() - started) / 1000;
    if (Date.now() - started > timeoutMs) throw new Error(`demo videos not ready after ${timeoutMs / 1000} s: ${now.ready}/${rows.length}`);
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const argv = process.argv.slice(2);
  const at = argv.indexOf("--base");
  const base = at >= 0 ? argv[at + 1] : `http://127.0.0.1:${process.env.PORT || 8787}`;
  demoVideos({ base, wait: argv.includes("--wait") }).then(
    (seconds) => {
      if (seconds !== undefined) console.log(`demo videos: all ready in ${seconds.toFixed(0)} s`);
    },
    (error) => {
      console.error(`demo videos: ${error.message}`);
      process.exit(1);
    },
  );
}
