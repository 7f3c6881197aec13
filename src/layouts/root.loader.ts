import type { LoaderFunctionArgs } from "react-router";
import type { SiteData } from "../data/site-data";
import type { FooterAdvert, PageShell } from "../schemas/shell";
import { eligibleAdverts } from "../domain/advert-eligibility";
import { pickForSlots } from "../domain/slot-adverts";
import { FOOTER_ADVERT_SLOTS } from "../domain/timings";

/**
 * The shell (menus, sponsors, settings) is fetched once; a failure leaves the static nav.
 * Of its adverts the page carries only the first choice for the footer's slots (one at random per
 * slot, eligible now; the data is already the viewer's child-friendly variant): the server draws
 * them so the first paint has each slot in its shape, and the browser asks the advertising slot
 * call for the supporter's own choice once it has hydrated (src/components/footer/FooterAdverts.tsx).
 */
export async function rootLoader(_args: LoaderFunctionArgs, data: SiteData): Promise<PageShell | null> {
  try {
    const shell = await data.shell();
    const eligible = eligibleAdverts(shell.adverts, Date.now(), false);
    const chosen = pickForSlots(eligible, FOOTER_ADVERT_SLOTS, Math.random, (a) => a.slotType);
    // only what a slot draws: the eligibility fields would be dead weight in every page's data
    const adverts = chosen.map(
      ({ id, advertName, advertRef, campaignRef, url, mobileImageKey, desktopImageKey, slotType }): FooterAdvert => ({ id, advertName, advertRef, campaignRef, url, mobileImageKey, desktopImageKey, slotType }),
    );
    return { ...shell, adverts };
  } catch (error) {
    console.warn(JSON.stringify({ msg: "shell fetch failed", error: String(error) }));
    return null;
  }
}
