import { advertSchema, type Advert } from "../../src/schemas/shell";
import { cached, DEFAULT_TTL_SECONDS } from "../cache/kv-cache";
import { z } from "zod";
import { allRows, rowSchema } from "../db/rows";
import { advertShape, toAdvert } from "../content/shell";

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

const advertRecordRow = rowSchema("adverts (every column)", {
  ...advertShape,
  advert_title: z.string(),
  mobile_image_size: z.string().nullable(),
  desktop_image_size: z.string().nullable(),
});

/** What the KV cache holds of them, checked when read back. */
const advertRecordsSchema = z.array(
  z.object({ ...advertSchema.shape, advertTitle: z.string(), mobileImageSize: z.string().nullable(), desktopImageSize: z.string().nullable() }),
);

export function advertRecords(env: Pick<Env, "DB" | "CACHE">): Promise<AdvertRecord[]> {
  return cached(
    env,
    "advert-records",
    DEFAULT_TTL_SECONDS,
    advertRecordsSchema,
    async () => {
      const rows = await allRows(advertRecordRow, env.DB.prepare("SELECT * FROM adverts ORDER BY id"));
      return rows.map(
        (r): AdvertRecord => ({
          ...toAdvert(r),
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
