import { expect, vi } from "vitest";
import { segmentTokenSeconds } from "../../worker/media/segment-token";

/** How long a segment token of the men's live audio lives (target duration 7 s): 21 s. */
export const AUDIO_SEGMENT_SECONDS = segmentTokenSeconds(7);
/** And one of the live video (2 s segments, the 12 s floor). */
export const VIDEO_SEGMENT_SECONDS = segmentTokenSeconds(2);

/**
 * The bound on a live segment URL a player already holds once the right behind it is gone
 * (docs/media-and-live.md): segments are served on their tokens alone, so it is still served until
 * its segment token runs out, `seconds` after the playlist that signed it, and refused
 * SEGMENT_TOKEN_EXPIRED from then on. The worker's clock (Date only) moves; nothing sleeps. Call it
 * right after the refused playlist; it puts the real clock back.
 */
export async function expectSegmentBound(get: (url: string) => Promise<Response>, url: string, seconds: number): Promise<void> {
  vi.useFakeTimers({ toFake: ["Date"] });
  const start = Date.now();
  try {
    // Token expiries are whole seconds: 2 s before the bound is the latest moment always inside it.
    vi.setSystemTime(start + (seconds - 2) * 1000);
    const served = await get(url);
    expect(served.status).toBe(200);
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(100);
    vi.setSystemTime(start + seconds * 1000);
    const refused = await get(url);
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-type")).toContain("application/json");
    expect(await refused.json()).toMatchObject({ errors: [{ code: "SEGMENT_TOKEN_EXPIRED" }] });
  } finally {
    vi.useRealTimers();
  }
}
