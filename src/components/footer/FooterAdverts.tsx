import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { Advert } from "../../schemas/shell";
import { eligibleAdverts } from "../../domain/advert-eligibility";
import { ADVERT_IMAGE_SIZE, ADVERT_REENABLE_MS, FOOTER_ADVERT_SLOTS } from "../../domain/timings";
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
 * The footer advert area: three slots. Adverts depend on the clock and chance, so they are
 * chosen after hydration only (the server renders the empty slots), and re-chosen 2 s after
 * every route change (spec §4, §9).
 */
export default function FooterAdverts({ adverts, childFriendly, disabled }: { adverts: readonly Advert[]; childFriendly: boolean; disabled: boolean }) {
  const { pathname } = useLocation();
  const [shown, setShown] = useState<Advert[] | null>(null);
  const lastPath = useRef<string | null>(null);

  useEffect(() => {
    setShown(null);
    if (disabled || adverts.length === 0) return;
    const choose = () => setShown(pickSlotAdverts(eligibleAdverts(adverts, Date.now(), childFriendly), FOOTER_ADVERT_SLOTS, Math.random));
    // First page view: show straight away; a route change waits for the re-enable delay.
    const routeChanged = lastPath.current !== null && lastPath.current !== pathname;
    lastPath.current = pathname;
    const timer = window.setTimeout(choose, routeChanged ? ADVERT_REENABLE_MS : 0);
    return () => window.clearTimeout(timer);
  }, [pathname, adverts, childFriendly, disabled]);

  if (adverts.length === 0) return null;
  return (
    <aside className="footer-adverts" aria-label="Advertisements">
      <ul className="footer-adverts__slots">
        {Array.from({ length: FOOTER_ADVERT_SLOTS }, (_, i) => {
          const advert = shown?.[i];
          return (
            <li key={i} className="advert-slot advert-slot--mpu" data-filled={Boolean(advert)}>
              {advert ? <AdvertImage advert={advert} /> : null}
            </li>
          );
        })}
      </ul>
      <p className="footer-adverts__label">Advertisement</p>
    </aside>
  );
}

function AdvertImage({ advert }: { advert: Advert }) {
  const size = ADVERT_IMAGE_SIZE;
  const mobile = advert.mobileImageKey ?? "";
  const desktop = advert.desktopImageKey ?? mobile;
  return (
    <a href={advert.url ?? "#"} target="_blank" rel="noopener noreferrer sponsored" className="advert-slot__link">
      <picture>
        <source media="(min-width: 1024px)" srcSet={imageUrl(desktop, size, size)} />
        <img src={imageUrl(mobile, size, size)} width={size} height={size} alt={advert.advertName} loading="lazy" decoding="async" />
      </picture>
    </a>
  );
}
