import { useCallback, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useAppState } from "../../state/store";
import { mayTrack } from "../../domain/consent";
import type { AdvertFields, TrackingAction } from "../../domain/tracking-event";

type Outbox = typeof import("./outbox");
let outbox: Outbox | undefined;

/**
 * The outbox (the event builder and the queue) is a chunk of its own: only a supporter who granted
 * analytics ever needs it. Once loaded, events go in synchronously, so a handler that flushes right
 * after tracking (an advert click) sends its event.
 */
function withOutbox(use: (outbox: Outbox) => void): void {
  if (outbox) return use(outbox);
  void import("./outbox").then((module) => {
    outbox = module;
    use(module);
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
      if (!mayTrack(consent)) return;
      const page = { domain: window.location.hostname, width: window.screen.width, height: window.screen.height, userAgent: navigator.userAgent, ssoVendor: "", sessionID, ssoID };
      const now = new Date();
      withOutbox(({ buildTrackingEvent, queueEvent }) => {
        const event = buildTrackingEvent(action, fields, page, consent, now, Math.random);
        if (event) queueEvent(event);
      });
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
