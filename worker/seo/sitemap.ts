import { contentPath, matchPath, matchesPath, newsPath, playerPath, teamPath, videoPath } from "../../src/routes/paths";
import { PUBLIC_VIDEOS } from "../videos/public-videos";
import { z } from "zod";
import { resultsOf, rowSchema } from "../db/rows";
import { PathBuildError } from "../../src/domain/path-builder";
import { xmlText } from "../../src/domain/xml-text";

/**
 * A row whose path cannot be built (a slug the route would refuse, so its page is a 404 anyway) is
 * left out of the sitemap instead of failing it (spec §8: path building fails on such a value).
 */
function linkable(entry: () => SitemapEntry): SitemapEntry[] {
  try {
    return [entry()];
  } catch (error) {
    if (error instanceof PathBuildError) return [];
    throw error;
  }
}

/** One <url> of the sitemap: a path on the site and, when known, when it last changed. */
export interface SitemapEntry {
  path: string;
  /** ISO 8601 */
  lastModified?: string | null;
}

/** The site's fixed pages (spec §2) that are always there ('/matches' comes with the teams). */
const FIXED_PATHS = ["/", "/news", "/category", "/teams", "/videos", "/videos/browse", "/videos/categories", "/videos/faqs", "/videos/subscriptions", "/live"];


export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const lastmod = e.lastModified ? `<lastmod>${xmlText(new Date(e.lastModified).toISOString())}</lastmod>` : "";
    return `<url><loc>${xmlText(`${origin}${e.path}`)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

const newsRow = rowSchema("news", { slug: z.string(), published_at: z.string() });
const teamRow = rowSchema("teams", { slug: z.string() });
const playerRow = rowSchema("players with team slugs", { team_slug: z.string(), slug: z.string() });
const matchRow = rowSchema("matches with slugs", { id: z.number(), team_slug: z.string(), season_slug: z.string(), updated_at: z.string().nullable() });
const pageRow = rowSchema("menu_pages", { full_path: z.string() });
const videoRow = rowSchema("videos", { entry_id: z.string(), created_at: z.string() });

/**
 * Every public page from D1: news, teams (squad and fixtures), players, matches, published
 * content pages (not redirects, external entries or the checkout return pages) and videos.
 * Well under the 50,000 URLs one sitemap may hold.
 */
export async function sitemapEntries(db: D1Database): Promise<SitemapEntry[]> {
  const [news, teams, players, matches, pages, videos] = await db.batch([
    db.prepare("SELECT slug, published_at FROM news ORDER BY published_at DESC, id DESC"),
    db.prepare("SELECT slug FROM teams ORDER BY sort_order, id"),
    db.prepare("SELECT t.slug AS team_slug, p.slug FROM players p JOIN teams t ON t.id = p.team_id ORDER BY t.sort_order, p.id"),
    db.prepare(
      `SELECT m.id, t.slug AS team_slug, s.slug AS season_slug, m.updated_at FROM matches m
       JOIN teams t ON t.id = m.team_id JOIN seasons s ON s.id = m.season_id ORDER BY m.kickoff DESC, m.id`,
    ),
    db.prepare(
      `SELECT full_path FROM menu_pages WHERE post_status = 'Published' AND post_type = 'internal' AND redirect_location IS NULL
         AND page_slug NOT LIKE 'payment-%' ORDER BY nested_level, page_order, id`,
    ),
    db.prepare(`SELECT entry_id, created_at FROM ${PUBLIC_VIDEOS} v ORDER BY created_at DESC, id DESC`),
  ]);
  return [
    ...FIXED_PATHS.map((path) => ({ path })),
    ...resultsOf(newsRow, news).flatMap((n) => linkable(() => ({ path: newsPath(n.slug), lastModified: n.published_at }))),
    ...resultsOf(teamRow, teams).flatMap((t) => [...linkable(() => ({ path: teamPath(t.slug) })), ...linkable(() => ({ path: matchesPath(t.slug) }))]),
    ...resultsOf(playerRow, players).flatMap((p) => linkable(() => ({ path: playerPath(p.team_slug, p.slug) }))),
    ...resultsOf(matchRow, matches).flatMap((m) =>
      linkable(() => ({ path: matchPath(m.team_slug, m.season_slug, m.id), lastModified: m.updated_at })),
    ),
    ...resultsOf(pageRow, pages).flatMap((p) => linkable(() => ({ path: contentPath(p.full_path) }))),
    ...resultsOf(videoRow, videos).flatMap((v) => linkable(() => ({ path: videoPath(v.entry_id), lastModified: v.created_at }))),
  ];
}
