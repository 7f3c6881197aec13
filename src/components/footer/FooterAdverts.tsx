import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { Advert } from "../../schemas/shell";
import { eligibleAdverts } from "../../domain/advert-eligibility";
import { advertHref } from "../../domain/advert-link";
import { ADVERT_SHAPES, DESKTOP_ADVERT_MIN_WIDTH, MOBILE_ADVERT_DISPLAY, MOBILE_ADVERT_SIZE, desktopArtSize } from "../../domain/advert-shapes";
import { ADVERT_REENABLE_MS, FOOTER_ADVERT_SLOTS } from "../../domain/timings";
import { useAppState } from "../../state/store";
import { flushEvents } from "../../app/event-queue";
import { useTracker } from "../tracking/use-tracker";
import { imageUrl } from "../Picture";

/**
 * Picks one eligible advert per slot at random (spec §4 'Adverts'), avoiding repeats while
 * enough adverts are eligible. Pure apart from the injected random source.
 */
export function pickSlotAdverts(eligible: readonly Advert[], slots: number, random: () => number): Advert[] {
  const pool = [...eligible];
  const picked: Advert[] = [];
  for (let i = 0; i < slots && eligible.length > 0; i++) {
    const source = pool.length > 0 ? pool : eligible;
    const index = Math.min(source.length - 1, Math.floor(random() * source.length));
    const advert = source[index];
    if (!advert) break;
    picked.push(advert);
    if (pool.length > 0) pool.splice(index, 1);
  }
  return picked;
}

/**
 * The footer advert area: three slots, each drawing its advert in the advert's own shape (mpu,
 * banner, banner-large, content-feed; src/domain/advert-shapes.ts). Adverts depend on the clock
 * and chance, so they are chosen after hydration only (the server renders the empty slots), and
 * re-chosen 2 s after every route change (spec §4, §9). An advert shown with analytics consent
 * sends one advertImpression per view, a click an advertClick; without consent nothing is sent.
 */
export default function FooterAdverts({ adverts, childFriendly, disabled }: { adverts: readonly Advert[]; childFriendly: boolean; disabled: boolean }) {
  const { pathname } = useLocation();
  const { state } = useAppState();
  const track = useTracker();
  const [shown, setShown] = useState<Advert[] | null>(null);
  const lastPath = useRef<string | null>(null);
  const reported = useRef(new Set<Advert>());

  useEffect(() => {
    setShown(null);
    if (disabled || adverts.length === 0) return;
    const choose = () => {
      reported.current = new Set();
      setShown(pickSlotAdverts(eligibleAdverts(adverts, Date.now(), childFriendly), FOOTER_ADVERT_SLOTS, Math.random));
    };
    // First page view: show straight away; a route change waits for the re-enable delay.
    const routeChanged = lastPath.current !== null && lastPath.current !== pathname;
    lastPath.current = pathname;
    const timer = window.setTimeout(choose, routeChanged ? ADVERT_REENABLE_MS : 0);
    return () => window.clearTimeout(timer);
  }, [pathname, adverts, childFriendly, disabled]);

  // Impressions: once per advert per view, as soon as it is shown with analytics consent.
  useEffect(() => {
    for (const advert of shown ?? []) {
      if (reported.current.has(advert) || !state.cookiesConsent.analytics) continue;
      reported.current.add(advert);
      track("advertImpression", advertEventFields(advert));
    }
  }, [shown, state.cookiesConsent.analytics, track]);

  if (adverts.length === 0) return null;
  return (
    <aside className="footer-adverts" aria-label="Advertisements">
      <ul className="footer-adverts__slots">
        {Array.from({ length: FOOTER_ADVERT_SLOTS }, (_, i) => {
          const advert = shown?.[i];
          return (
            <li key={i} className={`advert-slot advert-slot--${advert?.slotType ?? "empty"}`} data-filled={Boolean(advert)} data-advert-id={advert?.id}>
              {advert ? (
                <AdvertImage
                  advert={advert}
                  href={advertHref(advert.url ?? "", advert.campaignRef, state.cookiesConsent, state.user.sessionID)}
                  onClick={() => {
                    track("advertClick", advertEventFields(advert));
                    flushEvents(true);
                  }}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
      <p className="footer-adverts__label">Advertisement</p>
    </aside>
  );
}

function advertEventFields(advert: Advert) {
  return { advertID: advert.id, advertName: advert.advertName, advertRef: advert.advertRef, campaignRef: advert.campaignRef, url: advert.url ?? "" };
}

/** The mobile art (square, 750x750) on phones and tablets, the shape's own art from DESKTOP_ADVERT_MIN_WIDTH. */
function AdvertImage({ advert, href, onClick }: { advert: Advert; href: string; onClick: () => void }) {
  const mobile = advert.mobileImageKey ?? "";
  const desktop = advert.desktopImageKey ?? mobile;
  const { width, height } = ADVERT_SHAPES[advert.slotType];
  const art = desktopArtSize(advert.slotType);
  return (
    <a href={href} target="_blank" rel="noopener noreferrer sponsored" className="advert-slot__link" onClick={onClick}>
      <picture>
        <source media={`(min-width: ${DESKTOP_ADVERT_MIN_WIDTH}px)`} srcSet={imageUrl(desktop, art.w, art.h)} width={width} height={height} />
        <img
          src={imageUrl(mobile, MOBILE_ADVERT_SIZE, MOBILE_ADVERT_SIZE)}
          width={MOBILE_ADVERT_DISPLAY}
          height={MOBILE_ADVERT_DISPLAY}
          alt={advert.advertName}
          loading="lazy"
          decoding="async"
        />
      </picture>
    </a>
  );
}
