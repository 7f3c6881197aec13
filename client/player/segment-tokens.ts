import { segmentTokensOf, segmentTokensStale, vodSegmentFile } from "../../src/domain/segment-refresh";

/**
 * Keeps the segment tokens of an on-demand video fresh for hls.js (the rule and its reasons:
 * src/domain/segment-refresh.ts). hls.js asks `url` for every request it makes, through its
 * per-request hook: a rendition's playlist is noted as loaded now; a file of a rendition whose
 * tokens may have run out gets its URL from a fresh load of that playlist (one load per rendition
 * at a time, however many files wait for it). Everything else passes through.
 */
export interface SegmentTokenKeeper {
  url(requestUrl: string): Promise<string>;
}

export function keepSegmentTokens(currentToken: () => string, load: (url: string) => Promise<string> = loadText): SegmentTokenKeeper {
  const loadedAt = new Map<string, number>();
  const fresh = new Map<string, Map<string, string>>();
  const pending = new Map<string, Promise<void>>();

  const reload = (folder: string, origin: string) => {
    let waiting = pending.get(folder);
    if (!waiting) {
      const asked = Date.now();
      const playlist = new URL(`${folder}/index.m3u8`, origin);
      playlist.searchParams.set("token", currentToken());
      waiting = load(playlist.toString())
        .then((text) => {
          fresh.set(folder, segmentTokensOf(text));
          loadedAt.set(folder, asked);
        })
        .finally(() => pending.delete(folder));
      pending.set(folder, waiting);
    }
    return waiting;
  };

  return {
    async url(requestUrl) {
      const parsed = new URL(requestUrl, window.location.href);
      if (parsed.origin !== window.location.origin) return requestUrl;
      const rendition = /^(\/media\/vod\/[^/]+\/[^/]+)\/index\.m3u8$/.exec(parsed.pathname)?.[1];
      if (rendition) {
        // hls.js loads this playlist itself: the tokens it lists count from now.
        loadedAt.set(rendition, Date.now());
        fresh.delete(rendition);
        return requestUrl;
      }
      const file = vodSegmentFile(parsed.pathname);
      if (!file || !parsed.searchParams.has("seg")) return requestUrl;
      if (segmentTokensStale(loadedAt.get(file.folder) ?? 0, Date.now())) {
        // A failed load leaves the URL as it was: the worker then re-proves the right from the session itself.
        await reload(file.folder, parsed.origin).catch(() => undefined);
      }
      const seg = fresh.get(file.folder)?.get(file.file);
      if (seg) parsed.searchParams.set("seg", seg);
      return parsed.toString();
    },
  };
}

async function loadText(url: string): Promise<string> {
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`playlist ${response.status}`);
  return response.text();
}
