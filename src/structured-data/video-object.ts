import type { Video } from "../schemas/videos";
import { imageUrl } from "../components/Picture";
import { videoPath } from "../routes/paths";
import { absolute, type JsonLdObject } from "./json-ld";

/** ISO 8601 duration: 754 s → 'PT12M34S'. */
export function isoDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `PT${h ? `${h}H` : ""}${m ? `${m}M` : ""}${s || (!h && !m) ? `${s}S` : ""}`;
}

/**
 * VideoObject of a Rovers TV video. It names the page, never a media address: playback goes
 * through the entitlement gate (POST /api/playback), so no contentUrl is published.
 */
export function videoObject(origin: string, video: Video): JsonLdObject {
  return {
    "@type": "VideoObject",
    name: video.title,
    description: video.description || video.title,
    thumbnailUrl: [absolute(origin, imageUrl(video.thumbnailKey, 1280, 720))],
    uploadDate: video.createdAt,
    duration: isoDuration(video.durationSeconds),
    url: absolute(origin, videoPath(video.entryId)),
    isAccessibleForFree: video.entitlements.includes("?"),
  };
}
