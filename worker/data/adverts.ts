import type { Advert } from "../../src/schemas/shell";
import { cached, DEFAULT_TTL_SECONDS } from "./kv-cache";
import { bool, resultsOf } from "./rows";

/**
 * Adverts as the advertising API answers them (spec §3 'Advert (current)': timings, images per
 * type, advertTitle and advertData), from D1 through the KV cache (area "adverts", so an admin
 * write shows on the next request). Eligibility is src/domain/advert-eligibility's.
 */
export interface AdvertRecord extends Advert {
  advertTitle: string;
  mobileImageSize: string | null;
  desktopImageSize: string | null;
}

interface Row {
  id: number;
  advert_name: string;
  advert_ref: string;
  campaign_ref: string;
  advert_title: string;
  url: string | null;
  enabled: number;
  channel: Advert["channel"];
  child_friendly: number;
  start_utc: string;
  end_utc: string;
  mobile_image_key: string | null;
  mobile_image_size: string | null;
  desktop_image_key: string | null;
  desktop_image_size: string | null;
  slot_type: Advert["slotType"];
}

export function advertRecords(env: Pick<Env, "DB" | "CACHE">): Promise<AdvertRecord[]> {
  return cached(
    env,
    "advert-records",
    DEFAULT_TTL_SECONDS,
    async () => {
      const rows = resultsOf<Row>(await env.DB.prepare("SELECT * FROM adverts ORDER BY id").all());
      return rows.map(
        (r): AdvertRecord => ({
          id: r.id,
          advertName: r.advert_name,
          advertRef: r.advert_ref,
          campaignRef: r.campaign_ref,
          url: r.url,
          enabled: bool(r.enabled),
          channel: r.channel,
          childFriendly: bool(r.child_friendly),
          startUTC: r.start_utc,
          endUTC: r.end_utc,
          mobileImageKey: r.mobile_image_key,
          desktopImageKey: r.desktop_image_key,
          slotType: r.slot_type,
          advertTitle: r.advert_title,
          mobileImageSize: r.mobile_image_size,
          desktopImageSize: r.desktop_image_size,
        }),
      );
    },
    ["adverts"],
  );
}

/** The current advert form of spec §3, as the advertising API answers it. */
export function specAdvert(a: AdvertRecord) {
  return {
    id: a.id,
    advertName: a.advertName,
    advertRef: a.advertRef,
    campaignRef: a.campaignRef,
    url: a.url,
    enabled: a.enabled,
    channel: a.channel,
    childFriendly: a.childFriendly,
    slotType: a.slotType,
    timings: { startUTC: a.startUTC, endUTC: a.endUTC },
    images: [
      ...(a.mobileImageKey ? [{ type: "mobile", imageKey: a.mobileImageKey }] : []),
      ...(a.desktopImageKey ? [{ type: "desktop", imageKey: a.desktopImageKey }] : []),
    ],
    advertTitle: a.advertTitle,
    advertData: {
      url: a.url,
      images: {
        mobile: a.mobileImageKey ? { key: a.mobileImageKey, imageSize: a.mobileImageSize } : null,
        desktop: a.desktopImageKey ? { key: a.desktopImageKey, imageSize: a.desktopImageSize } : null,
      },
    },
  };
}
