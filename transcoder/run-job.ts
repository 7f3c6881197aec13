import { createHash } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { AUDIO_CODEC, AUDIO_RENDITION, LADDER, SEGMENT_SECONDS, masterPlaylist, outputFile, peakBandwidth, progressPercent, segmentsOf, storyboardTrack, type PlannedRendition, type Rendition } from "../src/domain/video-ladder";
import { CARD_HEIGHT, CARD_WIDTH, STILL_RUNGS } from "../src/domain/still-card";
import { ffmpegRun, ladderArgs, ladderFor, poster, probe, recordingArgs, stillCard, storyboard, transcode, type RecordingCut } from "./ffmpeg";
import { LeaseLost, type ClaimedJob, type JobApi, type RecordingClaim } from "./job-api";

/**
 * One claimed job, start to end: download the source (a live recording: its parts, cut and
 * joined) → ffprobe → the ladder, poster and storyboard (for sound alone, of a still card drawn
 * with the video's title: src/domain/still-card.ts) → upload every file under the job's prefix →
 * complete. A heartbeat every
 * HEARTBEAT_MS carries the percentage and keeps the lease; when the worker answers that the lease
 * is lost (another transcoder took the job over), ffmpeg is stopped and nothing more is sent.
 * A source ffmpeg cannot read fails the job for good; anything else fails it for a retry.
 */
const HEARTBEAT_MS = 10_000;
const UPLOADS_AT_ONCE = 4;

export interface JobOptions {
  preset: string;
  workDir?: string;
  /** a stop asked from outside (SIGTERM) */
  signal: AbortSignal;
  log: (line: string) => void;
  /**
   * Development and tests only (TRANSCODER_CACHE_DIR): a folder where each transcode's outputs are
   * kept under a hash of the source's bytes, the preset and the ladder, and taken from there the
   * next time the same source comes, instead of running ffmpeg again. The job is claimed, its
   * source downloaded, its outputs uploaded and completed through the job API all the same.
   */
  cacheDir?: string;
}

/** Bad input rather than a passing problem: retrying will not help. */
class SourceProblem extends Error {}

export async function runJob(api: JobApi, claimed: ClaimedJob, options: JobOptions): Promise<"ready" | "failed" | "lost"> {
  const { job, leaseId } = claimed;
  const dir = await mkdtemp(path.join(options.workDir ?? tmpdir(), `transcode-${job.id}-`));
  const stop = new AbortController();
  const onOuterStop = () => stop.abort();
  options.signal.addEventListener("abort", onOuterStop);
  let progress = 0;
  let lost = false;
  const beat = setInterval(() => {
    api.heartbeat(job.id, leaseId, progress).catch((error: unknown) => {
      if (error instanceof LeaseLost) {
        lost = true;
        stop.abort();
      } else options.log(`heartbeat failed (${String(error)}); trying again in ${HEARTBEAT_MS / 1000} s`);
    });
  }, HEARTBEAT_MS);
  try {
    const source = path.join(dir, "source");
    const recording = claimed.source.recording;
    if (recording) await joinRecording(api, claimed, recording, dir, source, stop.signal, options.log);
    else await api.download(job.id, leaseId, source, claimed.source.bytes);
    const info = await probe(source).catch((error: unknown) => {
      throw new SourceProblem(`ffprobe cannot read the source: ${String(error)}`);
    });
    // Sound alone: the ladder is made of a still card at the card's size (two small renditions).
    const title = claimed.source.title ?? claimed.source.fileName;
    const picture = info.hasVideo ? undefined : path.join(dir, "card.png");
    if (picture) await stillCard(title, picture, stop.signal);
    const shown = picture ? { ...info, width: CARD_WIDTH, height: CARD_HEIGHT } : info;
    const rungs = picture ? [...STILL_RUNGS] : ladderFor(info.width, info.height);
    const what = picture ? "sound alone (a still card)" : `${info.width}x${info.height}`;
    options.log(`job ${job.id}: ${what}, ${info.durationSeconds.toFixed(1)} s, ${info.hasAudio ? "with" : "without"} audio → ${rungs.map((r) => r.name).join(", ")} + audio`);
    const out = path.join(dir, "out");
    for (const name of [...rungs.map((r) => r.name), AUDIO_RENDITION]) await mkdir(path.join(out, name), { recursive: true });

    const started = Date.now();
    const cached = options.cacheDir ? path.join(options.cacheDir, await cacheKey(source, options.preset, picture ? title : "")) : null;
    if (cached && existsSync(path.join(cached, "master.m3u8"))) {
      await cp(cached, out, { recursive: true });
      options.log(`job ${job.id}: outputs taken from the transcode cache (${path.basename(cached)})`);
    } else {
      await transcode(ladderArgs(source, out, info, rungs, options.preset, picture), (us) => (progress = progressPercent(us, info.durationSeconds)), stop.signal);
      await poster(source, path.join(out, "poster.jpg"), info, stop.signal, picture);
      const plan = await storyboard(source, path.join(out, "storyboard.jpg"), shown, stop.signal, picture);
      await writeFile(path.join(out, "storyboard.vtt"), storyboardTrack(info.durationSeconds, plan));
      await writeFile(path.join(out, "master.m3u8"), masterPlaylist(await renditionsOf(out, rungs)));
      const seconds = (Date.now() - started) / 1000;
      options.log(`job ${job.id}: transcoded in ${seconds.toFixed(1)} s (${(info.durationSeconds / seconds).toFixed(2)}× real time)`);
      if (cached) {
        // Written beside, then renamed: a cache entry is whole or absent.
        await mkdir(path.dirname(cached), { recursive: true });
        const partial = `${cached}.partial-${process.pid}`;
        await cp(out, partial, { recursive: true });
        await rename(partial, cached).catch(() => rm(partial, { recursive: true, force: true }));
      }
    }
    const renditions = await renditionsOf(out, rungs);

    // The master last: complete checks it and everything it lists.
    const files = (await filesUnder(out)).sort((a, b) => Number(a === "master.m3u8") - Number(b === "master.m3u8"));
    await uploadAll(api, claimed, out, files.filter((f) => f !== "master.m3u8"));
    await uploadAll(api, claimed, out, ["master.m3u8"]);
    const { applied } = await api.complete(job.id, leaseId, Math.round(info.durationSeconds * 1000) / 1000, renditions);
    options.log(`job ${job.id}: ready${applied ? "" : " (already completed)"}`);
    return "ready";
  } catch (error) {
    if (lost || error instanceof LeaseLost) {
      options.log(`job ${job.id}: the lease was lost; another transcoder has it`);
      return "lost";
    }
    const reason = options.signal.aborted ? "The transcoder was stopped" : error instanceof Error ? error.message : String(error);
    options.log(`job ${job.id}: failed: ${reason}`);
    await api.fail(job.id, leaseId, reason, !(error instanceof SourceProblem)).catch(() => undefined);
    return "failed";
  } finally {
    clearInterval(beat);
    options.signal.removeEventListener("abort", onOuterStop);
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A live recording as the source: each part downloaded as its own fMP4, then cut at the marks and
 * joined into `source` (ffmpeg.ts recordingArgs), so the ladder starts and ends where staff marked.
 */
async function joinRecording(api: JobApi, claimed: ClaimedJob, recording: RecordingClaim, dir: string, source: string, signal: AbortSignal, log: (line: string) => void): Promise<void> {
  const cuts: RecordingCut[] = [];
  for (const [i, part] of recording.parts.entries()) {
    const file = path.join(dir, `part${i + 1}.mp4`);
    await api.download(claimed.job.id, claimed.leaseId, file, part.bytes, i + 1);
    const info = await probe(file).catch((error: unknown) => {
      throw new SourceProblem(`ffprobe cannot read part ${i + 1} of the recording: ${String(error)}`);
    });
    cuts.push({ file, fromSeconds: part.fromSeconds, toSeconds: part.toSeconds, hasVideo: info.hasVideo, hasAudio: info.hasAudio });
  }
  const first = await probe(cuts[0]!.file);
  await ffmpegRun(recordingArgs(cuts, source, first), signal);
  log(`job ${claimed.job.id}: the recording's ${cuts.length} part(s) cut at ${recording.startSeconds.toFixed(1)}–${recording.endSeconds.toFixed(1)} s and joined`);
}

/** The transcode cache's key: the source's bytes, the preset and the ladder that made the outputs (and a still card's title). */
async function cacheKey(source: string, preset: string, cardTitle: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(source)) hash.update(chunk as Buffer);
  hash.update(JSON.stringify({ preset, LADDER, SEGMENT_SECONDS, ...(cardTitle ? { cardTitle, STILL_RUNGS } : {}) }));
  return hash.digest("hex").slice(0, 32);
}

/** Each rendition as the master lists it, its BANDWIDTH measured from its own segments. */
async function renditionsOf(out: string, rungs: PlannedRendition[]): Promise<Rendition[]> {
  const measured = async (name: string) => {
    const playlist = await readFile(path.join(out, name, "index.m3u8"), "utf8");
    const segments = await Promise.all(segmentsOf(playlist).map(async (s) => ({ seconds: s.seconds, bytes: (await stat(path.join(out, name, s.uri))).size })));
    return peakBandwidth(segments);
  };
  const video = await Promise.all(rungs.map(async (r): Promise<Rendition> => ({ name: r.name, width: r.width, height: r.height, bandwidth: await measured(r.name), codecs: `${r.videoCodec},${AUDIO_CODEC}` })));
  return [...video, { name: AUDIO_RENDITION, width: 0, height: 0, bandwidth: await measured(AUDIO_RENDITION), codecs: AUDIO_CODEC }];
}

async function filesUnder(dir: string, prefix = ""): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const name = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await filesUnder(dir, name)));
    else found.push(name);
  }
  return found;
}

async function uploadAll(api: JobApi, claimed: ClaimedJob, out: string, files: string[]): Promise<void> {
  const queue = [...files];
  const worker = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      const file = outputFile(name);
      if (!file) throw new Error(`ffmpeg wrote ${name}, which is not an output the worker takes`);
      await api.upload(claimed.job.id, claimed.leaseId, name, file.contentType, await readFile(path.join(out, name)));
    }
  };
  await Promise.all(Array.from({ length: UPLOADS_AT_ONCE }, worker));
}
