import { useCallback, useEffect, useRef, useState } from "react";
import type { OverlayPromo } from "../../src/schemas/shell";
import { useAppState } from "../../src/state/store";
import { addSeenPromo, parseSeenPromos, PROMO_SEEN_COOKIE_EXPIRES, PROMO_SEEN_COOKIE_NAME, promoToShow } from "../../src/domain/promo-window";
import OverlayPromoDialog, { promoImageUrl } from "./OverlayPromoDialog";
import { isRecord } from "../../src/domain/json-shape";
import { safeLink } from "../../src/domain/link-rule";

/**
 * The overlay promo of spec §4: fetched on creation and whenever the tab becomes visible with no
 * promo active; the first promo whose window brackets now and whose id is not in the seen cookie
 * shows, locks the background and is added to the cookie (until 2099); none means dismiss.
 * Dismissal, or a click on its image link, unlocks the background. Fetch failures are only logged
 * (spec §8). Consent first: nothing is offered until the cookie popup is answered (accepted or
 * choices confirmed), so the promo never covers the popup; then the promo follows its own rules.
 * This is a chunk of its own (src/components/promo/OverlayPromoSlot.tsx), outside the
 * scripts and preloads of the HTML.
 */
export const PROMO_OVERLAYS_URL = "/api/promo-overlays/?channel=Web";

function isOverlayPromo(value: unknown): value is OverlayPromo {
  if (!isRecord(value)) return false;
  const p = value;
  return (
    typeof p.promoID === "number" &&
    typeof p.startDateTime === "string" &&
    typeof p.endDateTime === "string" &&
    (p.type === "Default" || p.type === "Mini") &&
    // a promo whose link breaks the link rule (src/domain/link-rule.ts) is not shown
    typeof p.url === "string" &&
    safeLink("site-path-or-https", p.url) !== undefined &&
    typeof p.webNewWindow === "boolean" &&
    typeof p.imageKey === "string" &&
    typeof p.imageAltText === "string"
  );
}

function seenCookie(): string {
  const part = document.cookie.split(";").find((c) => c.trim().startsWith(`${PROMO_SEEN_COOKIE_NAME}=`));
  return part ? part.trim().slice(PROMO_SEEN_COOKIE_NAME.length + 1) : "";
}

async function requestPromos(): Promise<OverlayPromo[]> {
  const response = await fetch(PROMO_OVERLAYS_URL, { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`promo overlays answered ${response.status}`);
  const body: unknown = await response.json();
  return Array.isArray(body) ? body.filter(isOverlayPromo) : [];
}

function choose(promos: OverlayPromo[], consentAnswered: boolean): OverlayPromo | null {
  return promoToShow(promos, parseSeenPromos(seenCookie()), Date.now(), consentAnswered);
}

/**
 * The load's fetch starts when this chunk runs (with the page, see OverlayPromoSlot), and the
 * image of the promo that will show is fetched at once, so both are in hand when the host mounts
 * after hydration. The host takes this answer for its first fetch.
 */
let onLoad: Promise<OverlayPromo[]> | null = requestPromos();
onLoad.then(
  (promos) => {
    // the image is fetched ahead even while the cookie popup waits for an answer: it shows at once after it
    const chosen = choose(promos, true);
    if (chosen) new Image().src = promoImageUrl(chosen);
  },
  () => undefined, // logged by the host when it reads the answer
);

export default function OverlayPromoHost() {
  const { state, dispatch } = useAppState();
  const consentAnswered = state.cookiesConsentAnswered;
  const [promo, setPromo] = useState<OverlayPromo | null>(null);
  const active = useRef(false);

  const fetchPromo = useCallback(async () => {
    try {
      const first = onLoad;
      onLoad = null;
      const chosen = choose(await (first ?? requestPromos()), consentAnswered);
      // none unseen: dismiss (nothing was shown, so nothing to unlock)
      if (!chosen || active.current) return;
      active.current = true;
      document.cookie = `${PROMO_SEEN_COOKIE_NAME}=${addSeenPromo(seenCookie(), chosen.promoID)}; path=/; expires=${PROMO_SEEN_COOKIE_EXPIRES.toUTCString()}; samesite=lax`;
      dispatch({ type: "backgroundLock/set", locked: true });
      setPromo(chosen);
    } catch (error) {
      console.warn(JSON.stringify({ msg: "promo fetch failed", error: String(error) }));
    }
  }, [dispatch, consentAnswered]);

  useEffect(() => {
    // until the popup is answered nothing is fetched; the answer re-runs this effect
    if (!consentAnswered) return;
    void fetchPromo();
    const onVisible = () => {
      if (document.visibilityState === "visible" && !active.current) void fetchPromo();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [fetchPromo, consentAnswered]);

  const dismiss = useCallback(() => {
    active.current = false;
    setPromo(null);
    dispatch({ type: "backgroundLock/set", locked: false });
  }, [dispatch]);

  return promo ? <OverlayPromoDialog promo={promo} onDismiss={dismiss} /> : null;
}
