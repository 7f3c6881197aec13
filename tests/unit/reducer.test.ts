import { describe, expect, it } from "vitest";
import { appReducer, initialAppState, randomSessionID, DEFAULT_VIDEO_NAME } from "../../src/state/reducer";
import type { AppAction, AppState } from "../../src/state/app-state";

const start = () => initialAppState(4242);
const run = (state: AppState, ...actions: AppAction[]) => actions.reduce(appReducer, state);

describe("initialAppState (spec §3 defaults)", () => {
  it("has the spec's defaults", () => {
    const s = start();
    expect(s.headerStyle).toBe("transparent-dark");
    expect(s.childFriendly).toBe(true);
    expect(s.cookiesConsent).toEqual({ analytics: false, marketing: false, personalisation: false });
    expect(s.mediaPlayer.currentVideoName).toBe("No title");
    expect(s.mediaPlayer.mediaType).toBe("OnDemand");
    expect(s.mediaPlayer.modalOpen).toBe(false);
    expect(s.user.entitlements).toBeNull();
    expect(s.user.loggedIn).toBe(false);
    expect(s.user.loginCheckCompleted).toBe(false);
    expect(s.user.sessionID).toBe(4242);
    expect(s.user.bypassed).toBe(false);
    expect(s.lockBackground).toBe(false);
    expect(s.accountHeaderOpen).toBe(false);
    expect(s.menuOpen).toBe(false);
    expect(s.searchOpen).toBe(false);
    expect(s.adverts).toBeNull();
    expect(s.loginPrompt.message).toBe("");
  });
});

describe("randomSessionID", () => {
  it("is an integer from 1 to 1,000,000", () => {
    expect(randomSessionID(() => 0)).toBe(1);
    expect(randomSessionID(() => 0.9999999999)).toBe(1_000_000);
    expect(randomSessionID(() => 0.5)).toBe(500_001);
    for (let i = 0; i < 200; i++) {
      const n = randomSessionID();
      expect(Number.isInteger(n)).toBe(true);
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(1_000_000);
    }
  });
});

describe("panels and background lock (spec §4)", () => {
  it("opening the account panel sets accountHeaderOpen and locks background", () => {
    const s = run(start(), { type: "accountPanel/open" });
    expect(s.accountHeaderOpen).toBe(true);
    expect(s.lockBackground).toBe(true);
  });

  it("closing the account panel clears the login prompt message and unlocks", () => {
    const s = run(start(), { type: "loginPrompt/open", message: "Sign in to your account to watch videos" }, { type: "accountPanel/close" });
    expect(s.accountHeaderOpen).toBe(false);
    expect(s.loginPrompt.message).toBe("");
    expect(s.lockBackground).toBe(false);
  });

  it("opening the login prompt sets the message and opens the account panel", () => {
    const s = run(start(), { type: "loginPrompt/open", message: "Please Log In to access this" });
    expect(s.loginPrompt.message).toBe("Please Log In to access this");
    expect(s.accountHeaderOpen).toBe(true);
    expect(s.lockBackground).toBe(true);
  });

  it("toggling the account panel opens then closes it", () => {
    const opened = run(start(), { type: "accountPanel/toggle" });
    expect(opened.accountHeaderOpen).toBe(true);
    expect(opened.lockBackground).toBe(true);
    const closed = run(opened, { type: "accountPanel/toggle" });
    expect(closed.accountHeaderOpen).toBe(false);
    expect(closed.lockBackground).toBe(false);
  });

  it("opening the upgrade promo closes the account panel and locks background", () => {
    const s = run(start(), { type: "accountPanel/open" }, { type: "upgradePromo/open" });
    expect(s.upgradePromo.display).toBe(true);
    expect(s.accountHeaderOpen).toBe(false);
    expect(s.lockBackground).toBe(true);
    const closed = run(s, { type: "upgradePromo/close" });
    expect(closed.upgradePromo.display).toBe(false);
    expect(closed.lockBackground).toBe(false);
  });

  it("the upgrade promo opened from a locked video carries the tier that opens it, and forgets it on close", () => {
    const s = run(start(), { type: "upgradePromo/open", tier: "Rovers TV" });
    expect(s.upgradePromo).toEqual({ display: true, tier: "Rovers TV" });
    expect(run(s, { type: "upgradePromo/close" }).upgradePromo).toEqual({ display: false, tier: null });
    expect(run(s, { type: "packages/open" }).upgradePromo).toEqual({ display: false, tier: null });
    expect(run(start(), { type: "upgradePromo/open" }).upgradePromo).toEqual({ display: true, tier: null });
  });

  it("opening search closes the menu and locks background; closing unlocks", () => {
    const s = run(start(), { type: "menu/open" }, { type: "search/open" });
    expect(s.searchOpen).toBe(true);
    expect(s.menuOpen).toBe(false);
    expect(s.lockBackground).toBe(true);
    const closed = run(s, { type: "search/close" });
    expect(closed.searchOpen).toBe(false);
    expect(closed.lockBackground).toBe(false);
  });

  it("opening the menu locks background; closing unlocks", () => {
    const s = run(start(), { type: "menu/open" });
    expect(s.menuOpen).toBe(true);
    expect(s.lockBackground).toBe(true);
    const closed = run(s, { type: "menu/close" });
    expect(closed.menuOpen).toBe(false);
    expect(closed.lockBackground).toBe(false);
  });

  it("menu and search toggles follow open/close", () => {
    const m = run(start(), { type: "menu/toggle" });
    expect([m.menuOpen, m.lockBackground]).toEqual([true, true]);
    const m2 = run(m, { type: "menu/toggle" });
    expect([m2.menuOpen, m2.lockBackground]).toEqual([false, false]);
    const s = run(m, { type: "search/toggle" });
    expect([s.searchOpen, s.menuOpen, s.lockBackground]).toEqual([true, false, true]);
    const s2 = run(s, { type: "search/toggle" });
    expect([s2.searchOpen, s2.lockBackground]).toEqual([false, false]);
  });

  it("backgroundLock/set sets the flag directly (overlay promo, voucher)", () => {
    expect(run(start(), { type: "backgroundLock/set", locked: true }).lockBackground).toBe(true);
    expect(run(start(), { type: "backgroundLock/set", locked: true }, { type: "backgroundLock/set", locked: false }).lockBackground).toBe(false);
  });

  it("packages panel opens and closes", () => {
    expect(run(start(), { type: "packages/open" }).showPackages).toBe(true);
    expect(run(start(), { type: "packages/open" }, { type: "packages/close" }).showPackages).toBe(false);
    // the packages modal takes the place of the account panel or upgrade promo that opened it, holds the lock, and a route change closes it
    const fromPanel = run(start(), { type: "accountPanel/open" }, { type: "packages/open" });
    expect([fromPanel.accountHeaderOpen, fromPanel.showPackages, fromPanel.lockBackground]).toEqual([false, true, true]);
    const fromPromo = run(start(), { type: "upgradePromo/open" }, { type: "packages/open" });
    expect([fromPromo.upgradePromo.display, fromPromo.showPackages]).toEqual([false, true]);
    expect(run(start(), { type: "packages/open" }, { type: "packages/close" }).lockBackground).toBe(false);
    const afterRoute = run(start(), { type: "packages/open" }, { type: "route/changed" });
    expect([afterRoute.showPackages, afterRoute.lockBackground]).toEqual([false, false]);
  });
});

describe("route change (spec §2: search closes on route change)", () => {
  it("closes search and menu and unlocks", () => {
    const s = run(start(), { type: "search/open" }, { type: "route/changed" });
    expect(s.searchOpen).toBe(false);
    expect(s.menuOpen).toBe(false);
    expect(s.lockBackground).toBe(false);
    const m = run(start(), { type: "menu/open" }, { type: "route/changed" });
    expect(m.menuOpen).toBe(false);
    expect(m.lockBackground).toBe(false);
  });

  it("keeps the lock while the video player stays open across its own navigation", () => {
    const s = run(
      start(),
      { type: "mediaPlayer/open", mediaType: "OnDemand", videoID: "0_abc", section: "latest" },
      { type: "route/changed" },
    );
    expect(s.mediaPlayer.modalOpen).toBe(true);
    expect(s.lockBackground).toBe(true);
  });

  it("is a no-op (same object) when nothing is open", () => {
    const s = start();
    expect(appReducer(s, { type: "route/changed" })).toBe(s);
  });
});

describe("media player (spec §4)", () => {
  it("opening locks background, closes the audio modal and records type, id, name, section", () => {
    const s = run(
      start(),
      { type: "audioPlayer/open", entryID: "live-audio", title: "Live Audio" },
      { type: "mediaPlayer/open", mediaType: "DrmLiveVideo", videoID: "0_xyz", videoName: "Rovers v City", section: "highlights" },
    );
    expect(s.lockBackground).toBe(true);
    expect(s.audioPlayer.modalOpen).toBe(false);
    expect(s.mediaPlayer).toEqual({
      modalOpen: true,
      mediaType: "DrmLiveVideo",
      currentVideoID: "0_xyz",
      currentVideoName: "Rovers v City",
      currentSection: "highlights",
    });
  });

  it("name defaults to 'No title'", () => {
    const s = run(start(), { type: "mediaPlayer/open", mediaType: "OnDemand", videoID: "1", section: "" });
    expect(s.mediaPlayer.currentVideoName).toBe("No title");
    expect(DEFAULT_VIDEO_NAME).toBe("No title");
    const empty = run(start(), { type: "mediaPlayer/open", mediaType: "OnDemand", videoID: "1", videoName: "", section: "" });
    expect(empty.mediaPlayer.currentVideoName).toBe("No title");
  });

  it("closing unlocks and closes both players", () => {
    const s = run(
      start(),
      { type: "mediaPlayer/open", mediaType: "OnDemand", videoID: "1", section: "" },
      { type: "audioPlayer/open", entryID: "a", title: "t" },
      { type: "mediaPlayer/close" },
    );
    expect(s.lockBackground).toBe(false);
    expect(s.mediaPlayer.modalOpen).toBe(false);
    expect(s.audioPlayer.modalOpen).toBe(false);
  });

  it("opening the audio player closes the video player and releases its background lock", () => {
    const s = run(
      start(),
      { type: "mediaPlayer/open", mediaType: "OnDemand", videoID: "1", section: "" },
      { type: "audioPlayer/open", entryID: "a", title: "t" },
    );
    expect(s.mediaPlayer.modalOpen).toBe(false);
    expect(s.audioPlayer.modalOpen).toBe(true);
    expect(s.lockBackground).toBe(false);
    const back = run(s, { type: "mediaPlayer/open", mediaType: "OnDemand", videoID: "2", section: "" });
    expect(back.audioPlayer.modalOpen).toBe(false);
    expect(back.mediaPlayer.modalOpen).toBe(true);
  });

  it("opening the audio player keeps the lock an open account panel holds", () => {
    const s = run(start(), { type: "mediaPlayer/open", mediaType: "OnDemand", videoID: "1", section: "" }, { type: "accountPanel/open" }, { type: "audioPlayer/open", entryID: "a", title: "t" });
    expect(s.lockBackground).toBe(true);
  });

  it("audio player records entry id and title; closing clears both", () => {
    const s = run(start(), { type: "audioPlayer/open", entryID: "1_live", title: "Rovers v United" });
    expect(s.audioPlayer).toEqual({ entryID: "1_live", currentTitle: "Rovers v United", modalOpen: true });
    const c = run(s, { type: "audioPlayer/close" });
    expect(c.audioPlayer).toEqual({ entryID: "", currentTitle: "", modalOpen: false });
  });

  it("video player entry point stores the return path and playlist", () => {
    const s = run(start(), { type: "videoPlayer/entryPoint", entryPoint: "/videos/browse", playlistTitle: "Related", playlistQuery: "highlights" });
    expect(s.videoPlayer).toEqual({ entryPoint: "/videos/browse", currentPlaylistTitle: "Related", currentPlaylistQuery: "highlights" });
    const s2 = run(s, { type: "videoPlayer/entryPoint", entryPoint: "/news" });
    expect(s2.videoPlayer).toEqual({ entryPoint: "/news", currentPlaylistTitle: "Related", currentPlaylistQuery: "highlights" });
  });
});

describe("login state (spec §4)", () => {
  const user = { displayName: "Sam Fan", ssoID: "u-1", email: "fan@rovers.test" };

  it("a completed check with a user stores user data, clears the login prompt and marks the check done", () => {
    const s = run(start(), { type: "loginPrompt/open", message: "x" }, { type: "login/checkCompleted", user });
    expect(s.user.loginCheckCompleted).toBe(true);
    expect(s.user.loggedIn).toBe(true);
    expect(s.user.userDisplayName).toBe("Sam Fan");
    expect(s.user.ssoID).toBe("u-1");
    expect(s.user.email).toBe("fan@rovers.test");
    expect(s.loginPrompt.message).toBe("");
    // entitlements are fetched afterwards, not guessed
    expect(s.user.entitlements).toBeNull();
  });

  it("a failed check sets logged out with no entitlements and marks the check done", () => {
    const s = run(start(), { type: "login/checkCompleted", user: null });
    expect(s.user.loginCheckCompleted).toBe(true);
    expect(s.user.loggedIn).toBe(false);
    expect(s.user.entitlements).toEqual([]);
    expect(s.user.sessionID).toBe(4242);
  });

  it("user/set stores loggedIn, display name, ssoID, email and clears the login prompt", () => {
    const s = run(start(), { type: "loginPrompt/open", message: "m" }, { type: "user/set", ...user });
    expect(s.user).toMatchObject({ loggedIn: true, userDisplayName: "Sam Fan", ssoID: "u-1", email: "fan@rovers.test" });
    expect(s.loginPrompt.message).toBe("");
  });

  it("user/clear sets loggedIn false (and drops the user's data)", () => {
    const s = run(
      start(),
      { type: "user/set", ...user },
      { type: "entitlements/set", entitlements: ["roverstv"], stripeCustomerID: "cus_1" },
      { type: "session/bypassed", bypassed: true },
      { type: "user/clear" },
    );
    expect(s.user.loggedIn).toBe(false);
    expect(s.user.ssoID).toBe("");
    expect(s.user.entitlements).toEqual([]);
    expect(s.user.stripeCustomerID).toBe("");
    expect(s.user.bypassed).toBe(false);
  });

  it("entitlements/set sets entitlements and, when given, the customer id", () => {
    const a = run(start(), { type: "entitlements/set", entitlements: ["freemium"] });
    expect(a.user.entitlements).toEqual(["freemium"]);
    expect(a.user.stripeCustomerID).toBe("");
    const b = run(a, { type: "entitlements/set", entitlements: ["roverstv+"], stripeCustomerID: "cus_9" });
    expect(b.user.entitlements).toEqual(["roverstv+"]);
    expect(b.user.stripeCustomerID).toBe("cus_9");
    const c = run(b, { type: "entitlements/set", entitlements: null });
    expect(c.user.entitlements).toBeNull();
    expect(c.user.stripeCustomerID).toBe("cus_9");
  });

  it("records a status update by the user and the bypass flag", () => {
    expect(run(start(), { type: "login/statusUpdatedByUser" }).user.loginStatusUpdatedByUser).toBe(true);
    expect(run(start(), { type: "session/bypassed", bypassed: true }).user.bypassed).toBe(true);
  });
});

describe("notifications and settings", () => {
  it("account notification shows and hides", () => {
    const s = run(start(), { type: "accountNotification/show", message: "Logged In" });
    expect(s.accountNotification).toEqual({ display: true, message: "Logged In" });
    expect(run(s, { type: "accountNotification/hide" }).accountNotification.display).toBe(false);
  });

  it("error notification shows and hides", () => {
    const s = run(start(), { type: "errorNotification/show", title: "There was a problem logging in", message: "Please try again in a few minutes" });
    expect(s.errorNotification).toEqual({ display: true, title: "There was a problem logging in", message: "Please try again in a few minutes" });
    expect(run(s, { type: "errorNotification/hide" }).errorNotification.display).toBe(false);
  });

  it("header style, cookies, child friendly, advertising, adverts, match centre, takeover", () => {
    const s = run(
      start(),
      { type: "headerStyle/set", headerStyle: "solid" },
      { type: "cookies/consent", analytics: true, marketing: true, personalisation: false },
      { type: "childFriendly/set", childFriendly: false },
      { type: "advertising/disable" },
      { type: "adverts/set", adverts: [{ id: 1 }] },
      { type: "matchCentre/video", videoOpen: true, docked: true },
    );
    expect(s.headerStyle).toBe("solid");
    expect(s.cookiesConsent).toEqual({ analytics: true, marketing: true, personalisation: false });
    expect(s.childFriendly).toBe(false);
    expect(s.advertisingDisabled).toBe(true);
    expect(s.adverts).toEqual([{ id: 1 }]);
    expect(s.matchCentre).toEqual({ videoOpen: true, dockedVideo: true });
    expect(run(s, { type: "advertising/enable" }).advertisingDisabled).toBe(false);
  });

  it("plays one live stream at a time: the match centre's video closes the audio player, and either player closes it", () => {
    const listening = run(start(), { type: "audioPlayer/open", entryID: "men-audio-commentary", title: "Live Audio" });
    const watching = run(listening, { type: "matchCentre/video", videoOpen: true, docked: false });
    expect(watching.matchCentre).toEqual({ videoOpen: true, dockedVideo: false });
    expect(watching.audioPlayer.modalOpen).toBe(false);
    const docked = run(watching, { type: "matchCentre/video", videoOpen: true, docked: true });
    expect(run(docked, { type: "audioPlayer/open", entryID: "a", title: "t" }).matchCentre).toEqual({ videoOpen: false, dockedVideo: false });
    expect(run(docked, { type: "mediaPlayer/open", mediaType: "DrmLiveVideo", videoID: "v", section: "live" }).matchCentre).toEqual({ videoOpen: false, dockedVideo: false });
    // A closed video is never docked.
    expect(run(docked, { type: "matchCentre/video", videoOpen: false, docked: true }).matchCentre).toEqual({ videoOpen: false, dockedVideo: false });
  });

  it("never mutates the previous state", () => {
    const s = start();
    const snapshot = structuredClone(s);
    run(s, { type: "search/open" }, { type: "user/set", displayName: "a", ssoID: "b", email: "c" }, { type: "mediaPlayer/open", mediaType: "OnDemand", videoID: "v", section: "" });
    expect(s).toEqual(snapshot);
  });
});
