import { describe, expect, it } from "vitest";
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, shouldReloadForChunk } from "../../src/domain/chunk-reload";

describe("chunk load failure (spec §8)", () => {
  it("recognises each browser's failed dynamic import, nothing else", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: http://x/build/chunk-A.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module: http://x/build/chunk-A.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("GET /news answered 503"))).toBe(false);
    expect(isChunkLoadError({ status: 404 })).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it("reloads once: not again within the guard window", () => {
    const now = 1_000_000;
    expect(shouldReloadForChunk(null, now)).toBe(true);
    expect(shouldReloadForChunk(now - 1, now)).toBe(false);
    expect(shouldReloadForChunk(now - CHUNK_RELOAD_GUARD_MS + 1, now)).toBe(false);
    expect(shouldReloadForChunk(now - CHUNK_RELOAD_GUARD_MS, now)).toBe(true);
    // a clock that went backwards is no reason to stop reloading for ever
    expect(shouldReloadForChunk(now + 60_000, now)).toBe(true);
  });
});
