import type { LoaderFunctionArgs } from "react-router";
import type { Loaders, PageContext } from "../../../worker/pages/loader";
import { defaultLiveAsset, liveAsset, liveAssets } from "../../../worker/videos/queries";
import type { LiveAsset } from "../../schemas/videos";
import { found, notFound } from "../../data/not-found";
import { orLogged } from "../../data/or-logged";
import { params } from "../../data/route-params";

/** The live family of spec §2: /live and /live/{mediaType}/{assetID?}. */

/** /live: the live feed; a failing feed fetch is only logged and shows the empty feed (spec §8). */
export async function liveLoader(_args: LoaderFunctionArgs, context: PageContext) {
  return { assets: await orLogged<LiveAsset[]>("live feed", liveAssets(context.env.DB), []) };
}

/** /live/{audio|video}/{assetID?}; without an id, the default live entry of that type (spec §9). */
export async function livePlayerLoader({ params: p }: LoaderFunctionArgs, context: PageContext) {
  const { mediaType, assetID } = p;
  if (mediaType !== "audio" && mediaType !== "video") notFound();
  if (assetID !== undefined) {
    const asset = found(await liveAsset(context.env.DB, params.entryId(assetID)));
    return asset.mediaType === mediaType ? { asset } : notFound();
  }
  return { asset: found(await defaultLiveAsset(context.env.DB, mediaType)) };
}

export const loaders = {
  live: liveLoader,
  "live/:mediaType/:assetID?": livePlayerLoader,
} satisfies Loaders;
