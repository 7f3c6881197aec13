import type { LoaderFunctionArgs } from "react-router";
import type { Loaders, PageContext } from "../../../worker/pages/loader";
import { readTeamList } from "../../../worker/teams/queries";
import { faqs, packages, readVideo, readVideoHome, readVideos, videoCategories, videoChapters } from "../../../worker/videos/queries";
import type { Package, VideoCategory, VideoHome } from "../../schemas/videos";
import { found, notFound } from "../../data/not-found";
import { params } from "../../data/route-params";
import { orLogged } from "../../data/or-logged";
import { VIDEO_SEARCH_PAGE_SIZE as VIDEO_PAGE_SIZE } from "../../domain/timings";
import { parseVideoFilter, videoFiltersFor } from "../../data/video-filter";

/**
 * The videos family of spec §2: /videos, /videos/browse, /videos/categories, /videos/channel/{slug?},
 * /videos/faqs, /videos/subscriptions, /videos/player/{slug?}, /videos/{videoID}.
 * Feed, category and package fetches that fail are only logged (spec §8): the page shows its empty state.
 */

const RELATED_VIDEOS = 10;
const emptyFeed: VideoHome = { featured: [], sections: [], carousels: [], live: [] };

/** /videos: feed 1. */
export async function videoHomeLoader(_args: LoaderFunctionArgs, context: PageContext) {
  return orLogged("video feed", readVideoHome(context), emptyFeed);
}

/** /videos/browse (every category) and /videos/channel/{slug} (one), '?page=N' and the filters of spec §3 'Video filter' on either. */
export async function videoBrowseLoader({ request, params: p }: LoaderFunctionArgs, context: PageContext) {
  const categorySlug = p.slug === undefined ? undefined : params.slug(p.slug);
  const search = new URL(request.url).searchParams;
  const page = params.page(search);
  const filter = parseVideoFilter(search);
  const [categories, list, teams] = await Promise.all([
    orLogged<VideoCategory[]>("video categories", videoCategories(context.env.DB), []),
    readVideos(context, { category: categorySlug, page, pageSize: VIDEO_PAGE_SIZE, ...filter }),
    readTeamList(context),
  ]);
  let category: VideoCategory | null = null;
  if (categorySlug !== undefined) {
    // Without the category list, a slug that names nothing still has no videos: 404 either way.
    category = categories.find((c) => c.slug === categorySlug) ?? (categories.length === 0 && list.total > 0 ? null : notFound());
  }
  if (page > 0 && page * VIDEO_PAGE_SIZE >= list.total) notFound();
  // the team picker offers the teams the viewer's mode lists (child-friendly mode lists fewer)
  const filters = videoFiltersFor(teams.listed, filter.team);
  return { ...list, categories, category, page, pageSize: VIDEO_PAGE_SIZE, filter, filters, familyHidden: teams.hidden.length };
}

/** /videos/categories and /videos/channel. */
export async function videoCategoriesLoader(_args: LoaderFunctionArgs, context: PageContext) {
  return { categories: await orLogged<VideoCategory[]>("video categories", videoCategories(context.env.DB), []) };
}

/** /videos/faqs */
export async function faqsLoader(_args: LoaderFunctionArgs, context: PageContext) {
  return { groups: await faqs(context.env.DB) };
}

/** /videos/subscriptions: the packages; a failing package fetch shows 'No packages available'. */
export async function packagesLoader(_args: LoaderFunctionArgs, context: PageContext) {
  return { packages: await orLogged<Package[]>("packages", packages(context.env.DB), []) };
}

/** /videos/player (the newest video), /videos/player/{slug} and /videos/{videoID}, with related videos. */
export async function videoLoader({ params: p }: LoaderFunctionArgs, context: PageContext) {
  const raw = p.slug ?? p.videoID;
  const entryId = raw === undefined ? undefined : params.entryId(raw);
  const video = found(entryId === undefined ? (await readVideos(context, { page: 0, pageSize: 1 })).items[0] : await readVideo(context, entryId));
  const [related, chapters] = await Promise.all([
    orLogged("related videos", readVideos(context, { category: video.categorySlug, page: 0, pageSize: RELATED_VIDEOS }), { items: [], total: 0 }),
    orLogged("chapters", videoChapters(context.env.DB, video.entryId), []),
  ]);
  return { video, related: related.items.filter((v) => v.entryId !== video.entryId), chapters };
}

export const loaders = {
  videos: videoHomeLoader,
  "videos/browse": videoBrowseLoader,
  "videos/categories": videoCategoriesLoader,
  "videos/faqs": faqsLoader,
  "videos/subscriptions": packagesLoader,
  "videos/channel": videoCategoriesLoader,
  "videos/channel/:slug": videoBrowseLoader,
  "videos/player": videoLoader,
  "videos/player/:slug": videoLoader,
  "videos/:videoID": videoLoader,
} satisfies Loaders;
