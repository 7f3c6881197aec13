import { describe, expect, it } from "vitest";
import { defaultLiveEntry } from "../../src/domain/default-live-entry";

const assets = [
  { id: "a1", mediaType: "audio", status: "disabled" },
  { id: "a2", mediaType: "audio", status: "idle" },
  { id: "v1", mediaType: "video", status: "active" },
  { id: "v2", mediaType: "video", status: "idle" },
];

describe("defaultLiveEntry (spec §9 default live entry ids)", () => {
  it("is the configured entry when it is of the type and not disabled", () => {
    expect(defaultLiveEntry(assets, "video", "v2")?.id).toBe("v2");
    expect(defaultLiveEntry(assets, "video", " v2 ")?.id).toBe("v2");
  });

  it("falls back to the first playable entry of the type otherwise", () => {
    expect(defaultLiveEntry(assets, "video", null)?.id).toBe("v1");
    expect(defaultLiveEntry(assets, "video", "")?.id).toBe("v1");
    expect(defaultLiveEntry(assets, "video", "a2")?.id).toBe("v1");
    expect(defaultLiveEntry(assets, "audio", "a1")?.id).toBe("a2");
    expect(defaultLiveEntry(assets, "audio", "gone")?.id).toBe("a2");
  });

  it("is none when no entry of the type is playable", () => {
    expect(defaultLiveEntry(assets.slice(0, 1), "audio", "a1")).toBeUndefined();
    expect(defaultLiveEntry([], "video", "v1")).toBeUndefined();
  });
});
