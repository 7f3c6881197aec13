import { env } from "cloudflare:test";
import fixture from "../fixtures/live-media.json";
import { deriveStreamKey, streamKeyHash } from "../../src/domain/stream-key";
import { rotateKey } from "../../worker/live-ingest/ingest-events";
import { browser, type Browser } from "./auth-test-app";

/**
 * Live media the ingest's way: the fixture (tests/fixtures/make-live-media.sh, packaged as
 * ingest/hls-args.ts does) uploaded through the worker's ingest API, so the live tests play what
 * an encoder's push leaves in R2 and D1, under the live rules.
 */
export const INGEST_TOKEN = "ingest-token-for-tests-0123456789abcdef";

type Kind = "video" | "audio";
const FILES = fixture as Record<Kind, Record<string, string>>;

/** The fixture's file of `kind` (run 1's name), as bytes. */
export function fixtureBytes(kind: Kind, name: string): Uint8Array<ArrayBuffer> {
  const base64 = FILES[kind][name];
  if (base64 === undefined) throw new Error(`no fixture ${kind}/${name}`);
  return Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
}

/** The fixture's playlist for `run`, its segments' program date-times moved to end now. */
export function fixturePlaylist(kind: Kind, run: number, nowMs = Date.now()): string {
  const text = new TextDecoder().decode(fixtureBytes(kind, "index.m3u8"));
  const stamps = [...text.matchAll(/#EXT-X-PROGRAM-DATE-TIME:(.+)/g)].map((m) => Date.parse(m[1] ?? ""));
  const shift = nowMs - (stamps.at(-1) ?? nowMs);
  return text
    .replace(/#EXT-X-PROGRAM-DATE-TIME:(.+)/g, (_, at: string) => `#EXT-X-PROGRAM-DATE-TIME:${new Date(Date.parse(at) + shift).toISOString()}`)
    .replaceAll("r1-", `r${run}-`);
}

/** The ingest service: the app with INGEST_TOKEN set, every call with its bearer. */
export function ingestService(token: string | null = INGEST_TOKEN): Browser & { call(path: string, init?: RequestInit): Promise<Response> } {
  const b = browser({ INGEST_TOKEN });
  return {
    ...b,
    call(path, init = {}) {
      const headers = new Headers(init.headers);
      if (token !== null) headers.set("authorization", `Bearer ${token}`);
      return b.fetch(path, { ...init, headers });
    },
  };
}

/** A new stream key for the event (what the console's rotate does), in plain text. */
export async function issueKey(id: string): Promise<string> {
  let key = "";
  const row = await rotateKey(env.DB, id, async (version) => {
    key = await deriveStreamKey(INGEST_TOKEN, id, version);
    return { hash: await streamKeyHash(key) };
  });
  if (!row) throw new Error(`no live event ${id}`);
  return key;
}

export function putFile(ingest: ReturnType<typeof ingestService>, id: string, name: string, body: BodyInit, type: string) {
  return ingest.call(`/api/ingest/events/${id}/files/${name}`, { method: "PUT", headers: { "content-type": type }, body });
}

/**
 * The event goes live as a push would leave it: a key issued, media started (a new run), the
 * fixture's init, segments and playlist uploaded. Returns the run and the key.
 */
export async function goLive(id: string, kind: Kind): Promise<{ run: number; key: string }> {
  const ingest = ingestService();
  const key = await issueKey(id);
  const start = await ingest.call(`/api/ingest/events/${id}/start`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ key }) });
  if (start.status !== 200) throw new Error(`start answered ${start.status}: ${await start.text()}`);
  const { run } = ((await start.json()) as { data: { run: number } }).data;
  const type = kind === "audio" ? "audio/mp4" : "video/mp4";
  for (const name of Object.keys(FILES[kind]).filter((n) => n !== "index.m3u8")) {
    const res = await putFile(ingest, id, name.replace("r1-", `r${run}-`), fixtureBytes(kind, name), type);
    if (res.status !== 201) throw new Error(`${name} answered ${res.status}: ${await res.text()}`);
  }
  const playlist = await putFile(ingest, id, "index.m3u8", fixturePlaylist(kind, run), "application/vnd.apple.mpegurl");
  if (playlist.status !== 200) throw new Error(`playlist answered ${playlist.status}: ${await playlist.text()}`);
  return { run, key };
}

/** The encoder is still pushing at the worker's clock now (tests that move the clock by minutes). */
export async function stillLive(id: string): Promise<void> {
  await env.DB.prepare("UPDATE live_stream_assets SET last_media_at = ?2 WHERE id = ?1").bind(id, Date.now()).run();
}

/**
 * An encoder that keeps pushing, one segment at a time (the fixture's segments round and round),
 * for tests that play minutes of clock: each `next()` uploads the following segment and the
 * sliding playlist of the last six, as the ingest does every segment duration.
 */
export class FixtureEncoder {
  private count: number;
  private readonly segments: string[];
  private readonly seconds: number;

  constructor(
    readonly id: string,
    readonly kind: Kind,
    readonly run: number,
  ) {
    this.segments = Object.keys(FILES[kind]).filter((n) => /^r1-seg\d+\.m4s$/.test(n)).sort();
    this.count = this.segments.length;
    this.seconds = kind === "audio" ? 6 : 2;
  }

  async next(): Promise<void> {
    const ingest = ingestService();
    const n = this.count;
    const source = this.segments[n % this.segments.length] ?? "";
    const res = await putFile(ingest, this.id, `r${this.run}-seg${n}.m4s`, fixtureBytes(this.kind, source), this.kind === "audio" ? "audio/mp4" : "video/mp4");
    if (res.status !== 201) throw new Error(`segment ${n} answered ${res.status}`);
    this.count += 1;
    const first = Math.max(0, this.count - 6);
    const lines = ["#EXTM3U", "#EXT-X-VERSION:7", `#EXT-X-TARGETDURATION:${this.seconds}`, `#EXT-X-MEDIA-SEQUENCE:${first}`, `#EXT-X-MAP:URI="r${this.run}-init.mp4"`];
    for (let i = first; i < this.count; i += 1) {
      const at = Date.now() - (this.count - i) * this.seconds * 1000;
      lines.push(`#EXTINF:${this.seconds.toFixed(6)},`, `#EXT-X-PROGRAM-DATE-TIME:${new Date(at).toISOString()}`, `r${this.run}-seg${i}.m4s`);
    }
    const playlist = await putFile(ingest, this.id, "index.m3u8", `${lines.join("\n")}\n`, "application/vnd.apple.mpegurl");
    if (playlist.status !== 200) throw new Error(`playlist answered ${playlist.status}: ${await playlist.text()}`);
  }
}
