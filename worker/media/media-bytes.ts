import { ByteLru } from "../cache/byte-lru";

/**
 * The bytes of a media file (segment, init, caption, poster) from static assets, kept in this
 * isolate's memory after the first read. Everyone watching a match or a popular replay asks for
 * the same few files, and a read through the ASSETS binding costs a subrequest each time (under
 * local workerd it is also the slowest step by far: ~17 MB/s against ~320 MB/s from memory,
 * docs/performance.md). 32 MB of the isolate's 128 MB, files up to 4 MB. Media files never
 * change under their path within a deploy, and a deploy starts new isolates.
 */
const held = new ByteLru(32 * 1024 * 1024, 4 * 1024 * 1024);

/** The file's bytes, or null when static assets have no such file (never kept). */
export async function mediaBytes(assets: Fetcher, url: URL): Promise<Uint8Array<ArrayBuffer> | null> {
  const key = url.pathname;
  const cached = held.get(key);
  if (cached) return cached;
  const asset = await assets.fetch(url);
  if (!asset.ok) {
    await asset.body?.cancel();
    return null;
  }
  const bytes = new Uint8Array(await asset.arrayBuffer());
  held.set(key, bytes);
  return bytes;
}
