import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { Advert, FooterAdvert } from "../../schemas/shell";
import { eligibleAdverts, type FeedAdvert, type OlderAdvert } from "../../domain/advert-eligibility";
import { advertHref } from "../../domain/advert-link";
import { ADVERT_SHAPES, DESKTOP_ADVERT_MIN_WIDTH, MOBILE_ADVERT_DISPLAY, MOBILE_ADVERT_SIZE, desktopArtSize } from "../../domain/advert-shapes";
import { fromCurrentAdvert, fromExperimentAdvert, pickForSlots, type SlotAdvert } from "../../domain/slot-adverts";
import type { FooterAdvertVariant } from "../../domain/layout-variants";
import { ADVERT_REENABLE_MS, FOOTER_ADVERT_SLOTS } from "../../domain/timings";
import { useAppState } from "../../state/store";
import { flushEvents } from "../../app/event-queue";
import { useTracker } from "../tracking/use-tracker";
import { imageUrl } from "../Picture";
import { fetchExperimentAdverts, fetchFooterSlotAdverts } from "./slot-client";

/** One advert per slot at random, without repeats while enough are eligible (spec §4 'Adverts'). */
export function pickSlotAdverts(eligible: readonly Advert[], slots: number, random: () => number): Advert[] {
  return pickForSlots(eligible, slots, random, (a) => a.slotType);
}

/** The experiments call is made once per page load; its answer is the client state's adverts list (spec §3, §7). */
let experiments: Promise<(OlderAdvert | FeedAdvert)[]> | undefined;

/**
 * The footer advert area: three slots, each drawing its advert in the advert's own shape (mpu,
 * banner, banner-large, content-feed; src/domain/advert-shapes.ts).
 *
 * The server renders its own first choice (`adverts`, drawn by the root loader), so the first
 * paint has every slot in its shape. Once hydrated, each view asks the advertising slot call
 * (footer_slot, includeAllAdverts) and the experiments call for what is eligible for this
 * supporter now, and draws one advert per slot at random: on the first view among the adverts of
 * the slot's shape (so nothing moves), after a route change among all, once the slots re-enable
 * 2000 ms later (spec §4, §9). If the call fails the server's choice stays. An advert shown with
 * analytics consent sends one advertImpression per view, a click an advertClick; without consent
 * nothing is sent.
 *
 * Its layout is chosen by configuration (spec §2 'Layouts', `layout.footerAdverts`): v1 a light band
 * with the slots side by side, v2 a dark framed band labelled above, v3 a slim strip of small tiles
 * with the label beside them.
 */
export default function FooterAdverts({
  adverts,
  childFriendly,
  disabled,
  variant,
}: {
  adverts: readonly FooterAdvert[];
  childFriendly: boolean;
  disabled: boolean;
  variant: FooterAdvertVariant;
}) {
  const { pathname } = useLocation();
  const { state, dispatch } = useAppState();
  const track = useTracker();
  const [shown, setShown] = useState<SlotAdvert[]>(() => adverts.map(fromCurrentAdvert));
  // "server": the first paint's choice; "waiting": re-enabling after a route change; "chosen": this view's own draw
  const [phase, setPhase] = useState<"server" | "waiting" | "chosen">("server");
  const lastPath = useRef<string | null>(null);
  const reported = useRef(new Set<string>());
  const current = useRef(shown);
  current.current = shown;

  useEffect(() => {
    if (disabled) return;
    let cancelled = false;
    const routeChanged = lastPath.current !== null && lastPath.current !== pathname;
    lastPath.current = pathname;
    // The first view keeps each slot's shape; after a route change the slots wait, then draw afresh.
    const keepShapes = routeChanged ? [] : current.current.map((a) => a.shape);
    if (routeChanged) setPhase("waiting");
    const choose = async () => {
      experiments ??= fetchExperimentAdverts().then((list) => {
        dispatch({ type: "adverts/set", adverts: list });
        return list;
      });
      const [slot, tried] = await Promise.all([fetchFooterSlotAdverts(), experiments]);
      if (cancelled) return;
      const now = Date.now();
      const pool = slot
        ? [...eligibleAdverts(slot, now, childFriendly).map(fromCurrentAdvert), ...eligibleAdverts(tried, now, childFriendly).map(fromExperimentAdvert)]
        : current.current; // the call failed: what is shown stays (logged by the slot client)
      reported.current = new Set();
      setShown(slot ? pickForSlots(pool, FOOTER_ADVERT_SLOTS, Math.random, (a) => a.shape, keepShapes) : pool);
      setPhase("chosen");
    };
    const timer = window.setTimeout(() => void choose(), routeChanged ? ADVERT_REENABLE_MS : 0);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [pathname, childFriendly, disabled, dispatch]);

  // Impressions: once per advert per view, for this view's own choice, as soon as analytics consent is given.
  useEffect(() => {
    if (phase !== "chosen" || !state.cookiesConsent.analytics) return;
    for (const advert of shown) {
      if (reported.current.has(advert.key) || advert.advertID === null) continue;
      reported.current.add(advert.key);
      track("advertImpression", advertEventFields(advert, advert.advertID));
    }
  }, [shown, phase, state.cookiesConsent.analytics, track]);

  // While the slots wait to re-enable they keep their room (hidden, so nothing moves twice).
  const visible = disabled ? [] : shown;
  return (
    <aside className="footer-adverts" aria-label="Advertisements" data-variant={variant} data-chosen={phase === "chosen" && !disabled ? "true" : undefined} data-waiting={phase === "waiting" ? "true" : undefined}>
      <ul className="footer-adverts__slots">
        {Array.from({ length: FOOTER_ADVERT_SLOTS }, (_, i) => {
          const advert = visible[i];
          return (
            <li key={i} className={`advert-slot advert-slot--${advert?.shape ?? "empty"}`} data-filled={Boolean(advert)} data-advert-id={advert?.advertID ?? undefined}>
              {advert ? (
                <AdvertImage
                  advert={advert}
                  href={advertHref(advert.url, advert.campaignRef, state.cookiesConsent, state.user.sessionID)}
                  onClick={() => {
                    if (advert.advertID !== null) track("advertClick", advertEventFields(advert, advert.advertID));
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

function advertEventFields(advert: SlotAdvert, advertID: number) {
  return { advertID, advertName: advert.advertName, advertRef: advert.advertRef, campaignRef: advert.campaignRef, url: advert.url };
}

/** An image key of the image library at a size, or (the older form's Location) a site path or https URL as it is. */
function artUrl(image: string, w: number, h: number): string {
  return /^(https:\/\/|\/)/.test(image) ? image : imageUrl(image, w, h);
}

/** The mobile art (square, 750x750) on phones and tablets, the shape's own art from DESKTOP_ADVERT_MIN_WIDTH. */
function AdvertImage({ advert, href, onClick }: { advert: SlotAdvert; href: string | undefined; onClick: () => void }) {
  const desktop = advert.desktopImage ?? advert.mobileImage;
  const { width, height } = ADVERT_SHAPES[advert.shape];
  const art = desktopArtSize(advert.shape);
  return (
    <a href={href} target="_blank" rel="noopener noreferrer sponsored" className="advert-slot__link" onClick={onClick}>
      <picture>
        <source media={`(min-width: ${DESKTOP_ADVERT_MIN_WIDTH}px)`} srcSet={artUrl(desktop, art.w, art.h)} width={width} height={height} />
        <img
          src={artUrl(advert.mobileImage, MOBILE_ADVERT_SIZE, MOBILE_ADVERT_SIZE)}
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
