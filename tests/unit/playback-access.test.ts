import { describe, expect, it } from "vitest";
import { playbackRefusal, type PlaybackViewer } from "../../src/domain/playback-access";
import { isVideoLocked } from "../../src/domain/video-lock";

const viewer = (entitlements: string[], flags: Partial<PlaybackViewer> = {}): PlaybackViewer => ({
  entitlements,
  bypassed: false,
  blocked: false,
  blockedReason: null,
  ...flags,
});
const code = (video: string[], who: PlaybackViewer | null) => playbackRefusal(video, who)?.code ?? "PLAY";

describe("playbackRefusal (spec §4 'Video lock state', §6, §8)", () => {
  const replay = ["roverstv", "roverstv+", "vip"];

  it("follows the page's lock rule", () => {
    expect(code(["?"], null)).toBe("PLAY");
    expect(code(["*"], null)).toBe("LOGIN_REQUIRED");
    expect(code(["*"], viewer([]))).toBe("PLAY");
    expect(code(replay, null)).toBe("LOGIN_REQUIRED");
    expect(code(replay, viewer([]))).toBe("NO_SUBSCRIPTION");
    expect(code(replay, viewer(["freemium"]))).toBe("NOT_SUBSCRIBED");
    expect(code(replay, viewer(["roverstv"]))).toBe("PLAY");
    expect(code(replay, viewer(["RoversTV "]))).toBe("PLAY");
  });

  it("bypassed passes every lock; blocked is refused everything, with the spec's message and status 3", () => {
    expect(code(["roverstv+"], viewer([], { bypassed: true }))).toBe("PLAY");
    const refusal = playbackRefusal(["?"], viewer(["vip"], { blocked: true, blockedReason: "administrator", bypassed: true }));
    expect(refusal).toMatchObject({ httpStatus: 403, accessStatus: 3, detail: "Your account has been blocked by an administrator" });
    expect(code(["?"], viewer([], { blocked: true, blockedReason: "country" }))).toBe("COUNTRY_BLOCKED");
  });

  it("agrees with the page's padlock for every viewer the page can see (one rule, bypassed included)", () => {
    const videos = [["?"], ["*"], ["freemium"], ["roverstv"], ["roverstv+"], ["vip"], replay, []];
    const viewers = [null, ...[[], ["freemium"], ["roverstv"], ["roverstv+"], ["vip"]].flatMap((e) => [viewer(e), viewer(e, { bypassed: true })])];
    for (const video of videos) {
      for (const who of viewers) {
        const padlock = isVideoLocked({ videoEntitlements: video, loggedIn: who !== null, userEntitlements: who?.entitlements ?? null, bypassed: who?.bypassed ?? false });
        expect(playbackRefusal(video, who) !== null, `${String(video)} for ${JSON.stringify(who)}`).toBe(padlock);
      }
    }
  });

  it("carries the access statuses of spec §4 and the texts of spec §8", () => {
    expect(playbackRefusal(replay, null)).toMatchObject({ httpStatus: 401, accessStatus: 0, detail: "Please Log In to access this" });
    expect(playbackRefusal(replay, viewer([]))).toMatchObject({ accessStatus: 1, detail: "Sorry but you do not have any subscriptions" });
    expect(playbackRefusal(replay, viewer(["freemium"]))).toMatchObject({ accessStatus: 2, detail: "Sorry but you are not subscribed to this stream" });
  });
});
