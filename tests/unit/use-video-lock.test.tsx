import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { AppStateProvider } from "../../src/state/store";
import { appReducer, initialAppState } from "../../src/state/reducer";
import type { AppAction } from "../../src/state/app-state";
import { useVideoLock } from "../../src/components/video/use-video-lock";

const paidReplays = [["roverstv"], ["roverstv+"], ["vip"], ["roverstv", "roverstv+", "vip"]];

function Probe() {
  const isLocked = useVideoLock();
  return <p>{paidReplays.map((e) => (isLocked(e) ? "locked" : "open")).join(",")}</p>;
}

/** The store after the login check's own actions for a signed-in account (src/account/session-client.ts acceptUser). */
function signedIn(bypassed: boolean) {
  const actions: AppAction[] = [
    { type: "login/checkCompleted", user: { displayName: "Bailey Bypass", ssoID: "demo-bypass", email: "bypass@rovers.test" } },
    { type: "session/bypassed", bypassed },
    { type: "entitlements/set", entitlements: [], stripeCustomerID: "" },
  ];
  return actions.reduce(appReducer, initialAppState(1));
}

const render = (state: ReturnType<typeof signedIn>) =>
  renderToString(
    <AppStateProvider initialState={state}>
      <Probe />
    </AppStateProvider>,
  );

describe("useVideoLock: the page's padlock reads the session's bypass flag (spec §6)", () => {
  it("a bypassed account without entitlements sees every paid replay open", () => {
    expect(render(signedIn(true))).toContain("<p>open,open,open,open</p>");
  });

  it("the same account without the flag sees them locked, and signing out clears the flag", () => {
    expect(render(signedIn(false))).toContain("<p>locked,locked,locked,locked</p>");
    const signedOut = appReducer(signedIn(true), { type: "user/clear" });
    expect(signedOut.user.bypassed).toBe(false);
    expect(render(signedOut)).toContain("<p>locked,locked,locked,locked</p>");
  });
});
