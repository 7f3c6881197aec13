/**
 * A plain HLS client, as Safari's native player or any player without a per-request hook behaves:
 * it starts from one URL, follows a master playlist to its first variant, and from then on only
 * ever requests the URLs the playlists give it. A live media playlist is reloaded with the very
 * URL it was first reached at (the client cannot put a renewed token in it); each file a playlist
 * lists is fetched once, by its URI as written, resolved against the playlist's URL. Nothing else:
 * no renewal, no rewriting of URLs.
 */
export interface PlainFetch {
  (url: string): Promise<Response>;
}

export interface LoadResult {
  /** the media playlist's status on this load */
  status: number;
  /** files (init and segments) fetched on this load and their statuses */
  files: { url: string; status: number; bytes: number }[];
}

const ORIGIN = "http://localhost";

function resolve(uri: string, base: string): string {
  const url = new URL(uri, new URL(base, ORIGIN));
  return url.pathname + url.search;
}

function childUris(text: string): { init: string | null; segments: { sequence: number; uri: string }[] } {
  const lines = text.split(/\r?\n/);
  let sequence = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1] ?? "0");
  const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(text)?.[1] ?? null;
  const segments: { sequence: number; uri: string }[] = [];
  for (const line of lines) {
    if (line === "" || line.startsWith("#")) continue;
    segments.push({ sequence, uri: line });
    sequence += 1;
  }
  return { init, segments };
}

export class PlainHlsClient {
  private mediaUrl: string | null = null;
  private readonly fetchedSequences = new Set<number>();
  private fetchedInit: string | null = null;
  /** the last URL of each file the last playlist gave (what a script would hold on to) */
  lastFileUrls: string[] = [];

  constructor(private readonly get: PlainFetch) {}

  /** Starts at `url`: a master playlist (its first variant is followed) or a media playlist; fetches up to `limit` segments. */
  async open(url: string, limit = Infinity): Promise<LoadResult> {
    const first = await this.get(url);
    if (!first.ok) return { status: first.status, files: [] };
    const text = await first.text();
    if (text.includes("#EXT-X-STREAM-INF")) {
      const variant = text.split(/\r?\n/).find((line) => line !== "" && !line.startsWith("#"));
      if (!variant) throw new Error("a master playlist without variants");
      this.mediaUrl = resolve(variant, url);
      return this.load(limit);
    }
    this.mediaUrl = url;
    return this.take(text, limit);
  }

  /** Reloads the media playlist (a live one, every target duration) with the URL it was first given, and fetches what is new. */
  async load(limit = Infinity): Promise<LoadResult> {
    if (!this.mediaUrl) throw new Error("open a URL first");
    const response = await this.get(this.mediaUrl);
    if (!response.ok) return { status: response.status, files: [] };
    return this.take(await response.text(), limit);
  }

  /** Fetches, of the playlist last loaded, up to `limit` segments it has not fetched yet (an on-demand player as it plays on). */
  async playOn(limit: number): Promise<LoadResult> {
    return this.take(this.lastText, limit);
  }

  private lastText = "";

  private async take(text: string, limit = Infinity): Promise<LoadResult> {
    if (!this.mediaUrl) throw new Error("open a URL first");
    this.lastText = text;
    const { init, segments } = childUris(text);
    const files: LoadResult["files"] = [];
    const fetchOne = async (uri: string) => {
      const url = resolve(uri, this.mediaUrl ?? "");
      const res = await this.get(url);
      files.push({ url, status: res.status, bytes: (await res.arrayBuffer()).byteLength });
    };
    this.lastFileUrls = [...(init ? [resolve(init, this.mediaUrl)] : []), ...segments.map((s) => resolve(s.uri, this.mediaUrl ?? ""))];
    if (init && this.fetchedInit === null) {
      this.fetchedInit = init;
      await fetchOne(init);
    }
    let taken = 0;
    for (const segment of segments) {
      if (this.fetchedSequences.has(segment.sequence) || taken >= limit) continue;
      this.fetchedSequences.add(segment.sequence);
      taken += 1;
      await fetchOne(segment.uri);
    }
    return { status: 200, files };
  }
}
