// Real-time test pushes into the local ingest service, the way a club's encoder sends: SRT with the
// event's stream key as passphrase. Shared by `npm run demo:live` (720p) and `npm run test:e2e` (a
// small cheap picture for every live event the tests play); both burn in the title, the wall clock
// to read and the wall clock the tests read (scripts/picture-clock.mjs).
import { spawn } from "node:child_process";
import { webcrypto } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pictureClockFilters } from "./picture-clock.mjs";

const FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";

/** The same derivation as src/domain/stream-key.ts (these scripts run without a bundler). */
export async function streamKey(ingestToken, eventId, version) {
  const enc = new TextEncoder();
  const key = await webcrypto.subtle.importKey("raw", enc.encode(ingestToken), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await webcrypto.subtle.sign("HMAC", key, enc.encode(`rovers-live-stream-key-v1\0${eventId}\0${version}`));
  return Buffer.from(mac).toString("hex").slice(0, 48);
}

async function api(workerUrl, pathname, token, init = {}) {
  const res = await fetch(new URL(pathname, workerUrl), { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
  if (!res.ok) throw new Error(`${pathname} answered ${res.status} ${await res.text()}`);
  return res.json();
}

/** The event's SRT push target: its key issued first if it has none (the admin API, as the console's rotate). */
export async function pushTarget({ workerUrl, ingestToken, adminToken }, id) {
  const find = async () => (await api(workerUrl, "/api/ingest/events", ingestToken)).data.find((e) => e.id === id);
  let event = await find();
  if (!event) {
    await api(workerUrl, `/api/admin/streams/${id}/key`, adminToken, { method: "POST" });
    event = await find();
    if (!event) throw new Error(`${id} is not a live event that can take a push (ended?)`);
  }
  const title = (await fetch(new URL(`/api/streams/${id}`, workerUrl)).then((r) => r.json()).catch(() => null))?.data?.attributes?.title ?? id;
  return { id, url: `srt://127.0.0.1:${event.srtPort}?passphrase=${await streamKey(ingestToken, id, event.keyVersion)}&pbkeylen=32`, title, mediaType: event.mediaType };
}

/** The title goes to drawtext as a file: no quoting of apostrophes, colons or commas in the filter graph. */
function titleFile(title) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "live-push-")), "title.txt");
  writeFileSync(file, title);
  return file;
}

/** The two pictures: the demo's 720p, and the e2e's 320x180 at 15 fps (cheap on a shared machine). */
export const PUSH_PROFILES = {
  demo: { size: "1280x720", fps: 25, preset: "veryfast", videoBitrate: "2500k", audioBitrate: "128k", audioOnlyBitrate: "96k", titleSize: 36, clockSize: 64 },
  e2e: { size: "320x180", fps: 15, preset: "ultrafast", videoBitrate: "300k", audioBitrate: "48k", audioOnlyBitrate: "48k", titleSize: 12, clockSize: 20 },
};

export function ffmpegArgs(target, profile, seconds = null) {
  const bound = seconds ? ["-t", String(seconds)] : [];
  if (target.mediaType === "audio") {
    return ["-hide_banner", "-loglevel", "error", "-re", "-f", "lavfi", "-i", "sine=frequency=330:sample_rate=48000,volume=0.3", ...bound, "-c:a", "aac", "-b:a", profile.audioOnlyBitrate, "-f", "mpegts", target.url];
  }
  const text = [
    pictureClockFilters(),
    // the title below the picture clock's band (a tenth of the width tall)
    `drawtext=fontfile=${FONT}:textfile=${titleFile(target.title)}:x=10:y=w/10+10:fontsize=${profile.titleSize}:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=4`,
    `drawtext=fontfile=${FONT}:text='%{localtime\\:%T}':x=10:y=h-${profile.clockSize * 2}:fontsize=${profile.clockSize}:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=6`,
  ].join(",");
  return [
    "-hide_banner", "-loglevel", "error", "-re",
    "-f", "lavfi", "-i", `testsrc2=size=${profile.size}:rate=${profile.fps}`, "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000,volume=0.2",
    // a keyframe every 2 s: the ingest cuts 2 s segments on them
    ...bound, "-vf", text, "-c:v", "libx264", "-preset", profile.preset, "-tune", "zerolatency", "-g", String(profile.fps * 2), "-b:v", profile.videoBitrate, "-pix_fmt", "yuv420p",
    "-c:a", "aac", "-b:a", profile.audioBitrate, "-f", "mpegts", target.url,
  ];
}

/**
 * Pushes one event until stop() (or `seconds`): ffmpeg again after 2 s whenever it ends early, as an
 * encoder reconnects (the ingest only listens once it has read the event's key, every few seconds).
 * `give up` after `retryForMs` of failures in a row without a push lasting 10 s.
 */
export function startPush(target, { profile, seconds = null, retryForMs = 60_000, log = console.log }) {
  let stopping = false;
  let child = null;
  const done = (async () => {
    let deadline = Date.now() + retryForMs;
    while (!stopping) {
      const started = Date.now();
      child = spawn("ffmpeg", ffmpegArgs(target, profile, seconds), { stdio: ["ignore", "ignore", "inherit"] });
      log(`pushing ${target.mediaType} to ${target.id}${seconds ? ` for ${seconds} s` : ""}`);
      const code = await new Promise((resolve) => child.on("exit", (c) => resolve(c)));
      child = null;
      if (stopping || (seconds && code === 0)) break;
      if (Date.now() - started > 10_000) deadline = Date.now() + retryForMs;
      else if (Date.now() > deadline) throw new Error(`the push to ${target.id} keeps ending (ffmpeg exit ${code})`);
      log(`${target.id}: the push ended (ffmpeg exit ${code}), trying again`);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    log(`${target.id}: push ended`);
  })();
  return {
    done,
    stop() {
      stopping = true;
      child?.kill("SIGTERM");
    },
  };
}
