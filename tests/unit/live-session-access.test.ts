import { describe, expect, it } from "vitest";
import { liveSessionRefusal, type LiveSessionRequest, type LiveStreamFacts, type LiveViewer } from "../../src/domain/live-session-access";
import { deviceName } from "../../src/domain/device-name";

const menAudio: LiveStreamFacts = { mediaType: "audio", status: "active", entitlements: ["roverstv+", "vip"], allowedCountries: null };
const plus: LiveViewer = { entitlements: ["roverstv+"], bypassed: false, blocked: false, blockedReason: null };
const ask = (more: Partial<LiveSessionRequest>) => liveSessionRefusal({ stream: menAudio, mediaType: "audio", viewer: plus, country: "GB", ...more });

describe("live session check (spec §8 'Session check codes')", () => {
  it("grants roverstv+ the men's live audio", () => expect(ask({})).toBeNull());
  it("ERR_3684853_1 not logged in", () => expect(ask({ viewer: null })).toBe("ERR_3684853_1"));
  it("ERR_3684853_2 unknown, idle, disabled or another media type", () => {
    expect(ask({ stream: null })).toBe("ERR_3684853_2");
    expect(ask({ stream: { ...menAudio, status: "idle" } })).toBe("ERR_3684853_2");
    expect(ask({ stream: { ...menAudio, status: "disabled" } })).toBe("ERR_3684853_2");
    expect(ask({ mediaType: "video" })).toBe("ERR_3684853_2");
  });
  it("ERR_3684853_3 for roverstv and freemium on the men's audio", () => {
    expect(ask({ viewer: { ...plus, entitlements: ["roverstv"] } })).toBe("ERR_3684853_3");
    expect(ask({ viewer: { ...plus, entitlements: [] } })).toBe("ERR_3684853_3");
  });
  it("ERR_56882466_1 blocked, ERR_56882466_2 country", () => {
    expect(ask({ viewer: { ...plus, blocked: true, blockedReason: "administrator" } })).toBe("ERR_56882466_1");
    expect(ask({ viewer: { ...plus, blocked: true, blockedReason: "country" } })).toBe("ERR_56882466_2");
    const listed = { ...menAudio, allowedCountries: ["GB"] };
    expect(ask({ stream: listed, country: "FR" })).toBe("ERR_56882466_2");
    expect(ask({ stream: listed, country: null })).toBe("ERR_56882466_2");
    expect(ask({ stream: listed, country: "gb" })).toBeNull();
  });
  it("bypassed passes the locks but not a block or an off-air stream", () => {
    const bypassed = { ...plus, entitlements: [], bypassed: true };
    expect(ask({ viewer: bypassed, stream: { ...menAudio, allowedCountries: ["IE"] } })).toBeNull();
    expect(ask({ viewer: { ...bypassed, blocked: true, blockedReason: "administrator" } })).toBe("ERR_56882466_1");
    expect(ask({ viewer: bypassed, stream: { ...menAudio, status: "idle" } })).toBe("ERR_3684853_2");
  });
});

describe("deviceName", () => {
  it("names browser and system from the user agent", () => {
    expect(deviceName("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36")).toBe("Chrome on Windows");
    expect(deviceName("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1")).toBe("Safari on iOS");
    expect(deviceName("Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0")).toBe("Firefox on Linux");
    expect(deviceName("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0")).toBe("Edge on macOS");
    expect(deviceName("")).toBe("Unknown browser");
  });
});
