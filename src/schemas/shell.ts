import * as z from "zod/mini";

/** One entry of the CMS page tree (spec §3 'Menu page'), flat; the tree is rebuilt from parentId. */
export const menuPageSchema = z.object({
  postID: z.int(),
  parentId: z.nullable(z.int()),
  postTitle: z.string(),
  postStatus: z.literal("Published"),
  pageTemplate: z.enum(["Hub", "Landing", "Default"]),
  menuLayout: z.enum(["component-menu", "full-menu", "feature-menu", "auto-only-menu"]),
  pageOrder: z.int(),
  pageSlug: z.string(),
  fullPath: z.string(),
  nestedLevel: z.int(),
  postType: z.enum(["internal", "external"]),
  externalUrl: z.nullable(z.string()),
  newTab: z.boolean(),
  icon: z.nullable(z.string()),
  customClass: z.nullable(z.string()),
  /** spec §3 'Menu page': the site path an internal entry links to, when it is not its own fullPath */
  linkSlug: z.optional(z.nullable(z.string())),
});
export type MenuPage = z.infer<typeof menuPageSchema>;

export const sponsorSchema = z.object({
  sponsorID: z.int(),
  campaignID: z.nullable(z.int()),
  title: z.string(),
  url: z.string(),
  imageKey: z.string(),
  forcedOrder: z.int(),
  isChildFriendly: z.boolean(),
});
export type Sponsor = z.infer<typeof sponsorSchema>;

export const sponsorRowSchema = z.object({
  rowID: z.int(),
  title: z.string(),
  titleSize: z.string(),
  sponsorSize: z.enum(["large", "small"]),
  forcedOrder: z.int(),
  sponsors: z.array(sponsorSchema),
});
export type SponsorRow = z.infer<typeof sponsorRowSchema>;

export const headerSponsorSchema = z.object({
  name: z.string(),
  imageKey: z.string(),
  sponsorUrl: z.string(),
  childFriendly: z.boolean(),
});
export type HeaderSponsor = z.infer<typeof headerSponsorSchema>;

/** Newer advert form of spec §3, flattened; eligibility is decided by src/domain/advert-eligibility. */
export const advertSchema = z.object({
  id: z.int(),
  advertName: z.string(),
  advertRef: z.string(),
  campaignRef: z.string(),
  url: z.nullable(z.string()),
  enabled: z.boolean(),
  channel: z.enum(["", "web", "app"]),
  childFriendly: z.boolean(),
  startUTC: z.string(),
  endUTC: z.string(),
  mobileImageKey: z.nullable(z.string()),
  desktopImageKey: z.nullable(z.string()),
  slotType: z.enum(["mpu", "banner", "banner-large", "content-feed"]),
});
export type Advert = z.infer<typeof advertSchema>;

export const overlayPromoSchema = z.object({
  promoID: z.int(),
  startDateTime: z.string(),
  endDateTime: z.string(),
  type: z.enum(["Default", "Mini"]),
  url: z.string(),
  webNewWindow: z.boolean(),
  imageKey: z.string(),
  imageAltText: z.string(),
  childFriendly: z.boolean(),
});
export type OverlayPromo = z.infer<typeof overlayPromoSchema>;

/** Spec §3 'Section sponsor slot': a sponsor named in one section of the site (e.g. news, matches, videos). */
export const sectionSponsorSchema = z.object({
  sectionID: z.string(),
  name: z.string(),
  type: z.enum(["app", "web"]),
  active: z.boolean(),
  sponsor: z.object({ title: z.string(), url: z.string(), imageKey: z.string(), isChildFriendly: z.boolean() }),
});
export type SectionSponsor = z.infer<typeof sectionSponsorSchema>;

/**
 * A video membership (spec §3 'Video membership', tier definition): the fields the locked panel
 * reads. The rest of the record (benefits, colours, logo) is the packages' business.
 */
export const videoMembershipSchema = z.object({
  membershipID: z.int(),
  title: z.string(),
  mappedEntitlements: z.array(z.string()),
  orderPosition: z.int(),
  buttonText: z.string(),
  buttonLink: z.string(),
  lockedVideoTitle: z.string(),
  lockedVideoMessage: z.string(),
});
export type VideoMembership = z.infer<typeof videoMembershipSchema>;

/** Club-managed settings (web settings of spec §3): social links, cookie texts and similar. */
export const settingsSchema = z.record(z.string(), z.string());
export type Settings = z.infer<typeof settingsSchema>;

/**
 * What the Default layout renders on every page, loaded once by the root route. The main menu's
 * page tree is not in it: the drawer fetches it on its first opening (`/api/content/menu`).
 */
export const shellSchema = z.object({
  sponsorRows: z.array(sponsorRowSchema),
  headerSponsors: z.array(headerSponsorSchema),
  adverts: z.array(advertSchema),
  settings: settingsSchema,
  /** the tier records, so a locked video's texts need no request of their own */
  memberships: z.array(videoMembershipSchema),
  sectionSponsors: z.array(sectionSponsorSchema),
});
export type Shell = z.infer<typeof shellSchema>;

/** An advert as a page carries the footer's first choice (src/layouts/root.loader.ts): what a slot draws, no more. */
export type FooterAdvert = Pick<Advert, "id" | "advertName" | "advertRef" | "campaignRef" | "url" | "mobileImageKey" | "desktopImageKey" | "slotType">;

/** The shell as the root route hands it to the layouts: the footer's first choice in place of every live advert. */
export type PageShell = Omit<Shell, "adverts"> & { adverts: FooterAdvert[] };
