/**
 * Where an advert's link goes. With marketing consent the advert is personalised: its
 * click-through is tagged with the campaign and the (consented) session id, so the advertiser can
 * tell this supporter's visit apart; without it the plain link is used and nothing about the
 * supporter leaves with the click. Site paths are never tagged. Pure.
 */
import type { ConsentChoice } from "../app/viewer-preferences";
import { mayPersonaliseAdverts, trackingSessionId } from "./consent";
import { safeLink } from "./link-rule";

/** undefined when the stored link breaks the link rule (src/domain/link-rule.ts): the advert shows without a link. */
export function advertHref(url: string, campaignRef: string, consent: ConsentChoice | null, sessionID: number): string | undefined {
  if (!safeLink("site-path-or-https", url)) return undefined;
  if (!mayPersonaliseAdverts(consent) || !/^https:\/\//.test(url)) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  parsed.searchParams.set("utm_source", "northbridge-rovers");
  parsed.searchParams.set("utm_campaign", campaignRef);
  parsed.searchParams.set("rovers_sid", trackingSessionId(sessionID, consent));
  return parsed.toString();
}
