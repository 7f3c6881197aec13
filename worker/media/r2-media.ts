import { ByteLru } from "../cache/byte-lru";

/**
 * A transcoded video's files from R2 (worker/video-pipeline/: vod/{source}/{job}/...). Files up to
 * 4 MB (playlists, init files, a segment of a few seconds) are kept in this isolate's memory after
 * their first read (worker/cache/byte-lru.ts): a popular replay's viewers ask
 * for the same files, an R2 read costs a class-B operation and a round trip each time, and every
 * file is immutable under its key (a new transcode writes a new prefix). Larger files stream from
 * R2, a Range read as a ranged get. 24 MB of the isolate's 128 MB.
 */
const held = new ByteLru(24 * 1024 * 1024, 4 * 1024 * 1024);

export type R2File = { kind: "bytes"; bytes: Uint8Array<ArrayBuffer> } | { kind: "large"; size: number };

/** The file's bytes when small (kept), its size when large, null when R2 has no such object. */
export async function r2File(bucket: R2Bucket, key: string): Promise<R2File | null> {
  const cached = held.get(key);
  if (cached) return { kind: "bytes", bytes: cached };
  const head = await bucket.head(key);
  if (!head) return null;
  if (head.size > 4 * 1024 * 1024) return { kind: "large", size: head.size };
  const object = await bucket.get(key);
  if (!object) return null;
  const bytes = new Uint8Array(await object.arrayBuffer());
  held.set(key, bytes);
  return { kind: "bytes", bytes };
}

/** A span of a large file, streamed. */
export async function r2Span(bucket: R2Bucket, key: string, range?: { start: number; end: number }): Promise<ReadableStream | null> {
  const object = await bucket.get(key, range ? { range: { offset: range.start, length: range.end - range.start + 1 } } : {});
  return object ? object.body : null;
}
