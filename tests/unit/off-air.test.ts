import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { watchOffAir } from "../../client/player/off-air";
import { OFFLINE_BACKOFF } from "../../src/domain/live-offline";

/**
 * The wait of a live player (video or audio bar) whose stream went off air, against a stubbed
 * `GET /api/streams/{id}`: what it says at once, when it plays again, and that it stops.
 */

const answer = (status: string) => new Response(JSON.stringify({ data: { attributes: { assetData: { status } } } }), { headers: { "content-type": "application/json" } });

// The status call loads its answer's schema lazily: loaded here once, so the fake clock alone paces the test.
beforeAll(async () => {
  await import("../../client/player/answers");
});

let statuses: string[];
let asked: string[];
beforeEach(() => {
  vi.useFakeTimers();
  asked = [];
  vi.stubGlobal("fetch", async (url: string) => {
    asked.push(url);
    return answer(statuses.shift() ?? "idle");
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets the stubbed answers and their parsing settle, then moves the clock on. */
async function after(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
}

describe("watchOffAir", () => {
  it("says 'not ended' at once, asks again with the back-off, and plays again when the stream is live", async () => {
    statuses = ["idle", "idle", "active"];
    const offAir = vi.fn();
    const back = vi.fn();
    watchOffAir("academy-live", new AbortController().signal, { offAir, back });
    await after(0);
    expect(offAir).toHaveBeenCalledWith(false);
    expect(asked).toEqual(["/api/streams/academy-live"]);
    // The first wait is at most the back-off's first step (jitter only shortens it).
    await after(OFFLINE_BACKOFF.firstMs);
    expect(asked).toHaveLength(2);
    expect(back).not.toHaveBeenCalled();
    await after(OFFLINE_BACKOFF.firstMs * 2);
    expect(asked).toHaveLength(3);
    expect(back).toHaveBeenCalledTimes(1);
    expect(offAir).toHaveBeenCalledTimes(1);
    // Back on air, it asks no more.
    await after(OFFLINE_BACKOFF.maxMs * 4);
    expect(asked).toHaveLength(3);
  });

  it("says 'ended' and stops asking when the event was ended, at once or while it waits", async () => {
    statuses = ["disabled"];
    const first = { offAir: vi.fn(), back: vi.fn() };
    watchOffAir("academy-live", new AbortController().signal, first);
    await after(OFFLINE_BACKOFF.maxMs * 4);
    expect(first.offAir.mock.calls).toEqual([[true]]);
    expect(asked).toHaveLength(1);

    statuses = ["idle", "disabled"];
    const later = { offAir: vi.fn(), back: vi.fn() };
    watchOffAir("academy-live", new AbortController().signal, later);
    await after(OFFLINE_BACKOFF.maxMs * 4);
    expect(later.offAir.mock.calls).toEqual([[false], [true]]);
    expect(later.back).not.toHaveBeenCalled();
  });

  it("stops with the player: an aborted signal or the stop it returns ends the asking", async () => {
    statuses = [];
    const controller = new AbortController();
    const on = { offAir: vi.fn(), back: vi.fn() };
    const stop = watchOffAir("academy-live", controller.signal, on);
    await after(0);
    stop();
    await after(OFFLINE_BACKOFF.maxMs * 4);
    expect(asked).toHaveLength(1);

    const aborted = new AbortController();
    watchOffAir("academy-live", aborted.signal, { offAir: vi.fn(), back: vi.fn() });
    await after(0);
    aborted.abort();
    await after(OFFLINE_BACKOFF.maxMs * 4);
    expect(asked).toHaveLength(2);
  });
});
