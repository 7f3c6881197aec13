import { expect, vi } from "vitest";
import { segmentTokenSeconds } from "../../worker/media/segment-token";
import { INGEST_SEGMENT_SECONDS } from "../../src/domain/live-ingest";

/** How long a segment token of an on-demand clip lives (2 s segments, the 12 s floor). */
export const VOD_SEGMENT_SECONDS = segmentTokenSeconds(2);
/** How long a segment token of live audio lives (the ingest's 6 s segments, target duration 6): 18 s. */
export const AUDIO_SEGMENT_SECONDS = segmentTokenSeconds(INGEST_SEGMENT_SECONDS.audio);
/** And one of the live video (2 s segments, the 12 s floor). */
export const VIDEO_SEGMENT_SECONDS = segmentTokenSeconds(INGEST_SEGMENT_SECONDS.video);

/**
 * The bound on a segment URL (live or on-demand) a player already holds once the right behind it is
 * gone (docs/media-and-live.md): segments are served on their tokens alone, so it is still served
 * until its segment token runs out, `seconds` after the playlist that signed it, and refused from
 * then on: SEGMENT_TOKEN_EXPIRED, or (an on-demand segment that comes with its session cookie,
 * re-proved) the access rule's own `refusal`. The worker's clock (Date only) moves; nothing sleeps. Call it
 * right after the refused playlist, or freeze the clock (Date only) before the playlist.
 */
export async function expectSegmentBound(
  get: (url: string) => Promise<Response>,
  url: string,
  seconds: number,
  refusal: { status: number; code: string } = { status: 403, code: "SEGMENT_TOKEN_EXPIRED" },
): Promise<void> {
  // A test that froze the clock before its playlist keeps it frozen (so a slow machine cannot eat
  // into the token's life between the playlist and here), back at its moment when this is done.
  const wasFake = vi.isFakeTimers();
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
    expect(refused.status).toBe(refusal.status);
    expect(refused.headers.get("content-type")).toContain("application/json");
    expect(await refused.json()).toMatchObject({ errors: [{ code: refusal.code }] });
  } finally {
    if (wasFake) vi.setSystemTime(start);
    else vi.useRealTimers();
  }
}
