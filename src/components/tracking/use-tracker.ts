import { useCallback, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useAppState } from "../../state/store";
import { buildTrackingEvent, type AdvertFields, type TrackingAction } from "../../domain/tracking-event";

type Outbox = typeof import("../../app/event-queue");
let outbox: Outbox | undefined;

/**
 * The outbox is a chunk of its own: only a supporter who granted analytics ever needs it. Once
 * loaded (the first pageView loads it) events go in synchronously, so a handler that flushes right
 * after tracking (an advert click) sends its event.
 */
function queue(event: Parameters<Outbox["queueEvent"]>[0]): void {
  if (outbox) return outbox.queueEvent(event);
  void import("../../app/event-queue").then((module) => {
    outbox = module;
    module.queueEvent(event);
  });
}

/**
 * track(action, fields): builds a tracking event from the client state and queues it, or does
 * nothing without analytics consent (spec §4 'Cookie consent'). Call it from effects and handlers.
 */
export function useTracker(): (action: TrackingAction, fields: { url: string } & Partial<AdvertFields>) => void {
  const { state } = useAppState();
  const consent = state.cookiesConsent;
  const { sessionID, ssoID } = state.user;
  return useCallback(
    (action, fields) => {
      const event = buildTrackingEvent(
        action,
        fields,
        { domain: window.location.hostname, width: window.screen.width, height: window.screen.height, userAgent: navigator.userAgent, ssoVendor: "", sessionID, ssoID },
        consent,
        new Date(),
        Math.random,
      );
      if (event) queue(event);
    },
    [consent, sessionID, ssoID],
  );
}

/** One pageView per page the supporter sees with analytics consent (also the page shown when consent is given). */
export function usePageViews(): void {
  const { pathname } = useLocation();
  const { state } = useAppState();
  const track = useTracker();
  const last = useRef<string | null>(null);
  const analytics = state.cookiesConsent.analytics;
  useEffect(() => {
    if (!analytics || last.current === pathname) return;
    last.current = pathname;
    track("pageView", { url: pathname });
  }, [pathname, analytics, track]);
}
