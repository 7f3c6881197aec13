import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { AppStateProvider, useAppState, useBackgroundLock } from "../../src/state/store";
import { initialAppState } from "../../src/state/reducer";

function Probe() {
  const { state, dispatch } = useAppState();
  useBackgroundLock(); // effect only: must not touch document during SSR
  return (
<p>{`${state.user.sessionID}|${state.headerStyle}|${typeof dispatch}`}</p>
  );
}

describe("AppStateProvider / useAppState", () => {
  it("provides the given initial state and a dispatcher", () => {
    const initial = { ...initialAppState(77), headerStyle: "solid" as const };
    const html = renderToString(
      <AppStateProvider initialState={initial}>
        <Probe />
      </AppStateProvider>,
    );
    expect(html).toContain("77|solid|function");
  });

  it("falls back to defaults with a session id from 1 to 1,000,000", () => {
    const html = renderToString(
      <AppStateProvider>
        <Probe />
      </AppStateProvider>,
    );
    const match = /<p>(\d+)\|transparent-dark\|function<\/p>/.exec(html);
    expect(match).not.toBeNull();
    const id = Number(match?.[1]);
    expect(id).toBeGreaterThanOrEqual(1);
    expect(id).toBeLessThanOrEqual(1_000_000);
  });

  it("throws a clear error outside the provider", () => {
    expect(() => renderToString(<Probe />)).toThrow("useAppState must be used inside <AppStateProvider>");
  });
});
