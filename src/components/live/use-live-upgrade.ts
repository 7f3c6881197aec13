import { useMemo } from "react";
import { useRouteLoaderData } from "react-router";
import type { rootLoader } from "../../layouts/root.loader";
import { useAppState } from "../../state/store";
import { liveLock, liveUpgradeData, offeredUpgrade, type LiveLock, type LiveUpgradeData, type LiveViewerFacts } from "../../domain/live-upgrade";

export interface LiveUpgrade {
  data: LiveUpgradeData;
  viewer: LiveViewerFacts;
  /** what a stream with these entitlements is for the current viewer */
  lockOf(streamEntitlements: readonly string[]): LiveLock;
  /** whether the current viewer is offered the upgrade when a stream is locked for them */
  offered: boolean;
}

/**
 * The live upgrade data (spec §3, from the web settings of the root loader) applied to the
 * current viewer: display only, the session check enforces the same rule on the server.
 */
export function useLiveUpgrade(): LiveUpgrade {
  const settings = useRouteLoaderData<typeof rootLoader>("root")?.settings;
  const { state } = useAppState();
  const data = useMemo(() => liveUpgradeData(settings ?? {}), [settings]);
  const { loggedIn, bypassed, entitlements } = state.user;
  const viewer = { loggedIn, bypassed, entitlements };
  return { data, viewer, lockOf: (streamEntitlements) => liveLock(data, viewer, streamEntitlements), offered: offeredUpgrade(data, viewer) };
}
