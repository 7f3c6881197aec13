import { describe, expect, it } from "vitest";
import { batchesOf } from "../../src/app/event-queue";
import { buildTrackingEvent, MAX_EVENTS_BODY_BYTES, MAX_EVENTS_PER_BATCH, type TrackingEvent } from "../../src/domain/tracking-event";

const page = { domain: "localhost", width: 375, height: 812, userAgent: "UA", ssoVendor: "", sessionID: 7, ssoID: "" };
const event = (url = "/news"): TrackingEvent => buildTrackingEvent("pageView", { url }, page, { analytics: true, marketing: false, personalisation: false }, new Date(0), () => 0)!;
const size = (events: TrackingEvent[]) => new TextEncoder().encode(JSON.stringify({ events })).byteLength;

describe("event batches stay within what POST /api/events takes", () => {
  it("at most 50 events a batch, in order", () => {
    const events = Array.from({ length: 120 }, (_, i) => event(`/news?page=${i}`));
    const batches = batchesOf(events);
    expect(batches.map((b) => b.length)).toEqual([50, 50, 20]);
    expect(batches.flat()).toEqual(events);
  });
  it("at most 16 kB a batch; an event too large on its own is dropped", () => {
    const big = Array.from({ length: 40 }, (_, i) => event(`/${"x".repeat(1000)}${i}`));
    const batches = batchesOf([...big, event(`/${"y".repeat(MAX_EVENTS_BODY_BYTES)}`)]);
    expect(batches.every((b) => size(b) <= MAX_EVENTS_BODY_BYTES && b.length <= MAX_EVENTS_PER_BATCH)).toBe(true);
    expect(batches.flat()).toEqual(big);
    expect(batchesOf([])).toEqual([]);
  });
});
