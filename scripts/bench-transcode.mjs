// The on-demand pipeline's part of `npm run bench` (BENCH_ONLY=transcode runs only it):
// - transcode speed: a 1080p 30 s source (ffmpeg's testsrc2 and a sine tone) uploaded through the
//   console's API, transcoded by the transcoder (scripts/transcoder.mjs, x264 'veryfast', the full
//   ladder, poster and storyboard), as × real time (source seconds / transcode seconds);
// - a segment from R2 against a static asset with the same bytes in the same run: no media is a
//   static asset any more, so the static side is the client build's largest file (public/build/,
//   served by the assets binding without the worker), and its bytes are written as a transcode's
//   720p segment (through the job API) of a second upload, fetched through /media/vod on its tokens
//   (gate, token check, R2); the ratio of their request rates (R2 / static) should be at least 0.8.
// Needs ffmpeg (scripts/ensure-ffmpeg.sh); without it the figures say so.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { devSignIn } from "./bench-sign-in.mjs";
import { devAdminToken, devTranscoderToken, root } from "./run-command.mjs";

const IP = "10.93.0.1";
const SECONDS = 30;
const ROUND_MS = 3_000;
const ROUNDS = 3;
const CONCURRENCY = 8;

async function ok(res, what) {
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return res;
}

/** A signed-in member of staff who may also watch everything (admin API: staff, bypass). */
async function staff(base) {
  const id = `bench-transcode-${Date.now()}`;
  // wrangler may reload the worker once just after it first answers: the first sign-in is retried.
  for (let attempt = 0; ; attempt++) {
    try {
      await devSignIn(base, id, IP);
      break;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
  for (const action of ["grant-staff", "bypass"]) await ok(await fetch(`${base}/api/admin/accounts/${id}/${action}`, { method: "POST", headers: { authorization: `Bearer ${devAdminToken}` } }), action);
  return devSignIn(base, id, IP);
}

async function upload(base, cookie, bytes, fileName) {
  const call = (p, init = {}) => fetch(`${base}/api/console${p}`, { ...init, headers: { cookie, origin: base, "cf-connecting-ip": IP, ...init.headers } });
  const created = await ok(await call("/videos/uploads", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ fileName, bytes: bytes.length }) }), "create upload");
  const { id, partBytes, parts } = (await created.json()).data.attributes;
  for (let n = 1; n <= parts; n++) await ok(await call(`/videos/uploads/${id}/parts/${n}`, { method: "PUT", body: bytes.subarray((n - 1) * partBytes, n * partBytes) }), `part ${n}`);
  const done = await ok(await call(`/videos/uploads/${id}/complete`, { method: "POST" }), "complete");
  const jobId = (await done.json()).data.attributes.job.id;
  return { id, jobId, link: async (entryId) => ok(await call(`/videos/catalogue/${entryId}/source`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ sourceId: id }) }), "link") };
}

/** The first 720p segment's URL of a video, through the gate. */
async function segmentUrl(base, cookie, entryId) {
  const headers = { cookie, "cf-connecting-ip": IP };
  const gate = await ok(await fetch(`${base}/api/playback`, { method: "POST", headers: { ...headers, "content-type": "application/json", origin: base }, body: JSON.stringify({ entryId }) }), "playback");
  const master = new URL((await gate.json()).data.attributes.url, base);
  const uris = (text) => text.split("\n").filter((l) => l && !l.startsWith("#"));
  const variant = new URL(uris(await (await ok(await fetch(master, { headers }), "master")).text()).find((u) => u.startsWith("720p/")), master);
  const media = await (await ok(await fetch(variant, { headers }), "media playlist")).text();
  return { url: new URL(uris(media)[0], variant).href, init: new URL(/URI="([^"]+)"/.exec(media)[1], variant).href };
}

/** Requests a second for ROUND_MS with CONCURRENCY loops; bytes checked on each. */
async function rate(url, size) {
  let count = 0;
  const end = Date.now() + ROUND_MS;
  const loop = async () => {
    while (Date.now() < end) {
      const res = await fetch(url);
      const body = await res.arrayBuffer();
      if (res.status !== 200 || body.byteLength !== size) throw new Error(`${url} answered ${res.status} with ${body.byteLength} bytes`);
      count++;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, loop));
  return count / ((Date.now() - started) / 1000);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function transcodeFigures(base) {
  if (spawnSync("bash", [path.join(root, "scripts", "ensure-ffmpeg.sh")], { stdio: "inherit" }).status !== 0) return { skipped: "ffmpeg is not installed" };
  const work = mkdtempSync(path.join(tmpdir(), "bench-transcode-"));
  try {
    const source = path.join(work, "source.mp4");
    const made = spawnSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=30", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", String(SECONDS), "-c:v", "libx264", "-preset", "veryfast", "-b:v", "8M", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", source]);
    if (made.status !== 0) throw new Error(`ffmpeg could not make the source: ${made.stderr}`);
    const cookie = await staff(base);
    const videos = (await (await fetch(`${base}/api/content/videos?pageSize=48`)).json()).items;
    const [r2Video, transcodedVideo] = videos.slice(-2);

    // 1. The transcode: the real source, the transcoder once.
    const real = await upload(base, cookie, readFileSync(source), "bench-1080p.mp4");
    const started = Date.now();
    // One job at a time, oldest first: runs once more while a job left by an interrupted run comes first.
    let log = "";
    for (let run = 0; !log.includes(`${real.jobId}: ready`); run++) {
      if (run >= 4) throw new Error(`the transcoder did not finish the bench's job:\n${log}`);
      const child = spawn(process.execPath, [path.join(root, "scripts", "transcoder.mjs")], { env: { ...process.env, WORKER_URL: base, TRANSCODER_TOKEN: devTranscoderToken, TRANSCODER_ONCE: "1", TRANSCODER_NAME: "bench" }, stdio: ["ignore", "pipe", "inherit"] });
      child.stdout.on("data", (d) => (log += d));
      await new Promise((resolve) => child.on("close", resolve));
    }
    console.log(log);
    const wallSeconds = (Date.now() - started) / 1000;
    const ffmpegSeconds = Number(new RegExp(`job ${real.jobId}: transcoded in ([\\d.]+) s`).exec(log)?.[1]);
    await real.link(transcodedVideo.entryId);

    // 2. A static asset (the client build's largest file) and the same bytes as a segment from R2.
    const build = path.join(root, "public", "build");
    const [largest] = readdirSync(build).map((name) => ({ name, size: statSync(path.join(build, name)).size })).sort((a, b) => b.size - a.size);
    const bytes = new Uint8Array(readFileSync(path.join(build, largest.name)));
    const init = bytes.subarray(0, 1024);
    const copy = await upload(base, cookie, readFileSync(source).subarray(0, 64 * 1024), "bench-copy.mp4");
    await writeCopy(base, copy.id, bytes, init);
    await copy.link(r2Video.entryId);
    // Each round asks for fresh playlists first: a segment token lives 12 s, a round 3 s.
    const round = async (entryId) => rate((await segmentUrl(base, cookie, entryId)).url, bytes.length);
    const staticRound = async () => rate(`${base}/build/${largest.name}`, bytes.length);
    const rates = { static: [], r2: [] };
    await staticRound();
    await round(r2Video.entryId);
    for (let n = 0; n < ROUNDS; n++) {
      rates.static.push(await staticRound());
      rates.r2.push(await round(r2Video.entryId));
    }
    const staticRate = median(rates.static);
    const r2Rate = median(rates.r2);
    return {
      sourceSeconds: SECONDS,
      ffmpegSeconds,
      speed: SECONDS / ffmpegSeconds,
      wallSeconds,
      segmentBytes: bytes.length,
      staticRate,
      r2Rate,
      ratio: r2Rate / staticRate,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Writes an init and a segment as a transcode's 720p output, through the job API, and completes it. */
async function writeCopy(base, sourceId, segment, init) {
  const api = (p, init2 = {}) => fetch(`${base}/api/transcoder${p}`, { ...init2, headers: { authorization: `Bearer ${devTranscoderToken}`, ...init2.headers } });
  // The bench's own database: a job left queued by an interrupted earlier run is failed out of the way.
  let job;
  let leaseId;
  for (let n = 0; !job; n++) {
    const claimed = await ok(await api("/claim", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ transcoder: "bench-copy" }) }), "claim");
    if (claimed.status === 204 || n > 20) throw new Error("the bench's copy job was not in the queue");
    const data = (await claimed.json()).data;
    if (data.job.sourceId === sourceId) ({ job, leaseId } = data);
    else await api(`/jobs/${data.job.id}/fail`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ leaseId: data.leaseId, reason: "left over from an interrupted bench run" }) });
  }
  const playlist = "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:2\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-MAP:URI=\"init.mp4\"\n#EXTINF:2.000,\nseg0.m4s\n#EXT-X-ENDLIST\n";
  const renditions = [{ name: "720p", width: 1280, height: 720, bandwidth: 3_000_000, codecs: "avc1.64001f,mp4a.40.2" }, { name: "audio", width: 0, height: 0, bandwidth: 130_000, codecs: "mp4a.40.2" }];
  const master = `#EXTM3U\n#EXT-X-VERSION:7\n${renditions.map((r) => `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},CODECS="${r.codecs}"\n${r.name}/index.m3u8`).join("\n")}\n`;
  const files = [
    ["720p/index.m3u8", "application/vnd.apple.mpegurl", playlist], ["720p/init.mp4", "video/mp4", init], ["720p/seg0.m4s", "video/mp4", segment],
    ["audio/index.m3u8", "application/vnd.apple.mpegurl", playlist], ["audio/init.mp4", "video/mp4", init], ["audio/seg0.m4s", "video/mp4", segment],
    ["poster.jpg", "image/jpeg", new Uint8Array([0xff, 0xd8, 0xff])], ["storyboard.jpg", "image/jpeg", new Uint8Array([0xff, 0xd8, 0xff])],
    ["storyboard.vtt", "text/vtt", "WEBVTT\n"], ["master.m3u8", "application/vnd.apple.mpegurl", master],
  ];
  for (const [name, type, body] of files) await ok(await api(`/jobs/${job.id}/outputs/${name}`, { method: "PUT", headers: { "x-lease-id": leaseId, "content-type": type }, body }), name);
  await ok(await api(`/jobs/${job.id}/complete`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ leaseId, durationSeconds: 2, renditions }) }), "complete");
}

export function transcodeLines(f) {
  if (f.skipped) return [`| transcode | skipped: ${f.skipped} |`];
  return [
    `| transcode, 1080p ${f.sourceSeconds} s source → 1080/720/480/360 + audio, poster, storyboard (x264 veryfast) | ${f.ffmpegSeconds.toFixed(1)} s: **${f.speed.toFixed(2)}× real time** (whole job with upload of the outputs: ${f.wallSeconds.toFixed(1)} s) |`,
    `| a ${(f.segmentBytes / 1024).toFixed(0)} KB file from static assets (the client build's largest, /build/) | ${f.staticRate.toFixed(0)} req/s |`,
    `| the same bytes as a segment through /media/vod (gate, token, R2) | ${f.r2Rate.toFixed(0)} req/s: **ratio ${f.ratio.toFixed(2)}** |`,
  ];
}
