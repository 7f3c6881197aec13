import * as z from "zod/mini";
import { CAROUSEL_STYLES, CAROUSEL_TYPES } from "../domain/carousel-per-view";

export const videoSchema = z.object({
  entryId: z.string(),
  title: z.string(),
  description: z.string(),
  durationSeconds: z.int(),
  /** SysEntryEntitlements: '?' everyone, '*' any logged-in user, else tier codes */
  entitlements: z.array(z.string()),
  thumbnailKey: z.string(),
  /** ISO 8601 UTC */
  createdAt: z.string(),
  categorySlug: z.string(),
  teamSlug: z.nullable(z.string()),
  seasonSlug: z.nullable(z.string()),
});
export type Video = z.infer<typeof videoSchema>;

export const videoCategorySchema = z.object({
  slug: z.string(),
  name: z.string(),
  orderPosition: z.int(),
  imageKey: z.string(),
  titleVisibility: z.boolean(),
});
export type VideoCategory = z.infer<typeof videoCategorySchema>;

/** A feed section of one category's videos, shown as a carousel of its type and style (spec §2 Shared widgets, §9). */
export const videoSectionSchema = z.object({
  key: z.string(),
  title: z.string(),
  type: z.enum(CAROUSEL_TYPES),
  style: z.enum(CAROUSEL_STYLES),
  category: videoCategorySchema,
  videos: z.array(videoSchema),
});
export type VideoSection = z.infer<typeof videoSectionSchema>;

/** A feed section that asks for the carousel of video category cards (spec §2 Shared widgets). */
export const categoryCarouselSchema = z.object({
  key: z.string(),
  title: z.string(),
  type: z.enum(CAROUSEL_TYPES),
  style: z.enum(CAROUSEL_STYLES),
  /** How many of the feed's video sections come before it. */
  afterSections: z.int(),
  categories: z.array(videoCategorySchema),
});
export type CategoryCarousel = z.infer<typeof categoryCarouselSchema>;

export const faqGroupSchema = z.object({
  id: z.int(),
  title: z.string(),
  questions: z.array(z.object({ heading: z.string(), bodyHtml: z.string() })),
});
export type FaqGroup = z.infer<typeof faqGroupSchema>;

export const priceSchema = z.object({
  id: z.string(),
  type: z.enum(["recurring", "one_time"]),
  /** "month" | "year" for recurring prices */
  interval: z.nullable(z.enum(["month", "year"])),
  amountPence: z.int(),
  priceDisplay: z.string(),
  offer: z.nullable(z.string()),
  furtherInformation: z.string(),
  backsideText: z.string(),
  entitlements: z.array(z.string()),
});
export type Price = z.infer<typeof priceSchema>;

export const packageSchema = z.object({
  id: z.string(),
  mode: z.enum(["light", "dark"]),
  packageType: z.enum(["membership", "match-pass"]),
  title: z.string(),
  description: z.string(),
  successfulPaymentPage: z.string(),
  cancelledPaymentPage: z.string(),
  displayType: z.enum(["icon-only", "background-image"]),
  icon: z.string(),
  customLabel: z.nullable(z.string()),
  imageKey: z.string(),
  orderPosition: z.int(),
  prices: z.array(priceSchema),
});
export type Package = z.infer<typeof packageSchema>;

/**
 * A live stream as public responses show it (/api/live*, SSR data). It carries no media locator
 * (playback id, stream URL): those come only from the streaming endpoints that check entitlement.
 */
export const liveAssetSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  mediaType: z.enum(["audio", "video"]),
  status: z.enum(["idle", "active", "disabled"]),
  posterImageKey: z.string(),
  offlineImageKey: z.string(),
  entitlements: z.array(z.string()),
  /** ISO 8601 UTC of the match it covers, when known */
  startsAt: z.nullable(z.string()),
});
export type LiveAsset = z.infer<typeof liveAssetSchema>;

export const videoHomeSchema = z.object({
  featured: z.array(videoSchema),
  sections: z.array(videoSectionSchema),
  carousels: z.array(categoryCarouselSchema),
  live: z.array(liveAssetSchema),
});
export type VideoHome = z.infer<typeof videoHomeSchema>;
