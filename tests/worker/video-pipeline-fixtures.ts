// Sources, jobs and media for the pipeline's tests, written straight into D1 and R2 (the tests'
// setup; what the console's upload writes is tested in video-uploads.test.ts).
import { env } from "cloudflare:test";
import { browser, type Browser } from "./auth-test-app";
import { masterPlaylist, type Rendition } from "../../src/domain/video-ladder";
import { TINY_LADDER, TINY_LADDER_SECONDS } from "../fixtures/tiny-ladder";

export const TRANSCODER_TOKEN = "transcoder-token-for-tests-0123456789abcdef";

/** The transcoders' side: the job API with its bearer token (or another). */
export function transcoder(token: string | null = TRANSCODER_TOKEN): Browser & { call(path: string, init?: RequestInit): Promise<Response>; post(path: string, body: unknown): Promise<Response> } {
  const b = browser({ TRANSCODER_TOKEN });
  const call = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (token !== null) headers.set("authorization", `Bearer ${token}`);
    return b.fetch(`/api/transcoder${path}`, { ...init, headers });
  };
  return Object.assign(b, {
    call,
    post: (path: string, body: unknown) => call(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
}

/** An MP4's first bytes (an `ftyp` box) and some more. */
export function mp4Bytes(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set([0, 0, 0, 0x18, ...new TextEncoder().encode("ftypisom")]);
  for (let i = 12; i < size; i++) bytes[i] = i % 251;
  return bytes;
}

/** A queued job for a source of `bytes`, as a completed upload leaves it. */
export async function queuedJob(bytes = mp4Bytes(4096), createdAt?: string): Promise<{ sourceId: string; jobId: string; prefix: string }> {
  const sourceId = crypto.randomUUID();
  const jobId = crypto.randomUUID();
  const prefix = `vod/${sourceId}/${jobId}/`;
  await env.MEDIA.put(`sources/${sourceId}`, bytes, { httpMetadata: { contentType: "video/mp4" } });
  await env.DB.batch([
    env.DB.prepare("INSERT INTO video_sources (id, object_key, file_name, content_type, bytes, uploaded_by) VALUES (?1, ?2, 'match.mp4', 'video/mp4', ?3, 'staff:test')").bind(sourceId, `sources/${sourceId}`, bytes.byteLength),
    env.DB.prepare(`INSERT INTO transcode_jobs (id, source_id, output_prefix, created_at) VALUES (?1, ?2, ?3, COALESCE(?4, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))`).bind(jobId, sourceId, prefix, createdAt ?? null),
  ]);
  return { sourceId, jobId, prefix };
}

/** No job waiting: each test starts from an empty queue (the file's D1 is shared by its tests). */
export async function emptyQueue(): Promise<void> {
  await env.DB.batch([
    env.DB.prepare("UPDATE videos SET source_id = NULL"),
    env.DB.prepare("DELETE FROM video_media"),
    env.DB.prepare("DELETE FROM transcode_jobs"),
    env.DB.prepare("DELETE FROM video_sources"),
    env.DB.prepare("DELETE FROM video_upload_parts"),
    env.DB.prepare("DELETE FROM video_uploads"),
  ]);
}

export const RENDITIONS: Rendition[] = [
  { name: "720p", width: 1280, height: 720, bandwidth: 3_100_000, codecs: "avc1.64001f,mp4a.40.2" },
  { name: "audio", width: 0, height: 0, bandwidth: 140_000, codecs: "mp4a.40.2" },
];

export const mediaPlaylist = (segments: number) =>
  ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-TARGETDURATION:4", "#EXT-X-PLAYLIST-TYPE:VOD", '#EXT-X-MAP:URI="init_0.mp4"', ...Array.from({ length: segments }, (_, i) => [`#EXTINF:4.000,`, `seg${i}.m4s`]).flat(), "#EXT-X-ENDLIST", ""].join("\n");

/** Every file a complete ladder of RENDITIONS has, as the transcoder writes it. */
export function ladderFiles(segmentBytes: Uint8Array<ArrayBuffer> = mp4Bytes(1000)): [string, string, Uint8Array<ArrayBuffer> | string][] {
  const files: [string, string, Uint8Array<ArrayBuffer> | string][] = [];
  for (const r of RENDITIONS) {
    files.push([`${r.name}/index.m3u8`, "application/vnd.apple.mpegurl", mediaPlaylist(2)]);
    files.push([`${r.name}/init_0.mp4`, "video/mp4", mp4Bytes(64)]);
    files.push([`${r.name}/seg0.m4s`, "video/mp4", segmentBytes]);
    files.push([`${r.name}/seg1.m4s`, "video/mp4", segmentBytes]);
  }
  files.push(["poster.jpg", "image/jpeg", new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])]);
  files.push(["storyboard.jpg", "image/jpeg", new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 4, 5, 6])]);
  files.push(["storyboard.vtt", "text/vtt", "WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nstoryboard.jpg#xywh=0,0,160,90\n"]);
  files.push(["master.m3u8", "application/vnd.apple.mpegurl", masterPlaylist(RENDITIONS)]);
  return files;
}

/** A source whose media is ready in R2 (what a completed job leaves), linked to the catalogue video `entryId`. */
export async function readyVideo(entryId: string, segmentBytes?: Uint8Array<ArrayBuffer>): Promise<{ prefix: string; sourceId: string }> {
  const { sourceId, jobId, prefix } = await queuedJob();
  for (const [name, type, body] of ladderFiles(segmentBytes)) await env.MEDIA.put(`${prefix}${name}`, body, { httpMetadata: { contentType: type } });
  await env.DB.batch([
    env.DB.prepare("UPDATE transcode_jobs SET status = 'ready', progress = 100 WHERE id = ?1").bind(jobId),
    env.DB.prepare(
      "INSERT INTO video_media (source_id, job_id, prefix, duration_seconds, width, height, renditions, poster, storyboard_image, storyboard_track) VALUES (?1, ?2, ?3, 8, 1280, 720, ?4, 'poster.jpg', 'storyboard.jpg', 'storyboard.vtt')",
    ).bind(sourceId, jobId, prefix, JSON.stringify(RENDITIONS)),
    env.DB.prepare("UPDATE videos SET source_id = ?2 WHERE entry_id = ?1").bind(entryId, sourceId),
  ]);
  return { prefix, sourceId };
}

const TINY_TYPES: Record<string, string> = { m3u8: "application/vnd.apple.mpegurl", mp4: "video/mp4", m4s: "video/mp4", jpg: "image/jpeg", vtt: "text/vtt; charset=utf-8" };

/**
 * A real ladder (tests/fixtures/tiny-ladder.ts, made by ffmpeg: 480p and 360p renditions and the
 * audio one, 2 s segments, poster and storyboard) in R2 as a completed job leaves it, linked to the
 * catalogue video `entryId`: what the gate's tests play now that every video plays its own media.
 */
export async function tinyLadderVideo(entryId: string): Promise<{ prefix: string; sourceId: string }> {
  const { sourceId, jobId, prefix } = await queuedJob();
  for (const [name, base64] of Object.entries(TINY_LADDER)) {
    const bytes = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
    await env.MEDIA.put(`${prefix}${name}`, bytes, { httpMetadata: { contentType: TINY_TYPES[name.split(".").pop()!]! } });
  }
  const renditions: Rendition[] = [
    { name: "480p", width: 384, height: 216, bandwidth: 150_000, codecs: "avc1.4d400d,mp4a.40.2" },
    { name: "360p", width: 320, height: 180, bandwidth: 120_000, codecs: "avc1.4d400d,mp4a.40.2" },
    { name: "audio", width: 0, height: 0, bandwidth: 32_000, codecs: "mp4a.40.2" },
  ];
  await env.DB.batch([
    env.DB.prepare("UPDATE transcode_jobs SET status = 'ready', progress = 100 WHERE id = ?1").bind(jobId),
    env.DB.prepare(
      "INSERT INTO video_media (source_id, job_id, prefix, duration_seconds, width, height, renditions, poster, storyboard_image, storyboard_track) VALUES (?1, ?2, ?3, ?4, 384, 216, ?5, 'poster.jpg', 'storyboard.jpg', 'storyboard.vtt')",
    ).bind(sourceId, jobId, prefix, TINY_LADDER_SECONDS, JSON.stringify(renditions)),
    env.DB.prepare("UPDATE videos SET source_id = ?2 WHERE entry_id = ?1").bind(entryId, sourceId),
  ]);
  return { prefix, sourceId };
}
