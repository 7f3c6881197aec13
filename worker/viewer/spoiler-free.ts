import { z } from "zod";
import { allRows, rowSchema } from "../db/rows";
import type { NewsArticle, NewsPage, NewsSummary } from "../../src/schemas/news";
import type { Fixtures, MatchCentre } from "../../src/schemas/teams";
import type { Home } from "../../src/schemas/pages";
import type { Video, VideoHome } from "../../src/schemas/videos";
import {
  HIDDEN_REPORT_HTML,
  HIDDEN_REPORT_SUMMARY,
  matchReportTitle,
  reportSideName,
  withoutScoreInTitle,
  withoutLiveScore,
  withoutScores,
} from "../../src/domain/spoiler-free";

/**
 * Spoiler-free mode (src/domain/spoiler-free.ts): every score is taken out of what a supporter in
 * that mode reads, before SSR, the route data or the API's JSON is built. Each read that carries a
 * score applies the transform of its shape when the reader asks for it (`Reader.preferences`).
 * Match reports (news tied to a played match) get a neutral title and summary from their match,
 * and their body is withheld.
 */
export const spoilerFreeVideos = (items: Video[]): Video[] => items.map((v) => ({ ...v, title: withoutScoreInTitle(v.title) }));

export async function spoilerFreeHome(db: D1Database, home: Home): Promise<Home> {
  const [headline, latestNews] = await Promise.all([withoutScoresInNews(db, home.headline), withoutScoresInNews(db, home.latestNews)]);
  return {
    ...home,
    headline,
    latestNews,
    nextMatch: home.nextMatch && withoutScores(home.nextMatch),
    lastResult: home.lastResult && withoutScores(home.lastResult),
    upcoming: home.upcoming.map(withoutScores),
    videos: spoilerFreeVideos(home.videos),
    matchday: { ...home.matchday, candidates: home.matchday.candidates.map((c) => ({ ...c, match: withoutScores(c.match) })) },
  };
}

export async function spoilerFreeNewsPage(db: D1Database, page: NewsPage): Promise<NewsPage> {
  return { ...page, items: await withoutScoresInNews(db, page.items) };
}

export async function spoilerFreeArticle(db: D1Database, article: NewsArticle): Promise<NewsArticle> {
  const [self, related] = await Promise.all([withoutScoresInNews(db, [article]), withoutScoresInNews(db, article.related)]);
  const hidden = self[0]!.summary === HIDDEN_REPORT_SUMMARY;
  return { ...article, ...self[0]!, bodyHtml: hidden ? HIDDEN_REPORT_HTML : article.bodyHtml, related };
}

export const spoilerFreeFixtures = (fixtures: Fixtures): Fixtures => ({ ...fixtures, matches: fixtures.matches.map(withoutScores) });

export const spoilerFreeMatchCentre = (centre: MatchCentre): MatchCentre => ({
  ...centre,
  match: withoutScores(centre.match),
  live: centre.live && withoutLiveScore(centre.live),
});

export const spoilerFreeVideoHome = (home: VideoHome): VideoHome => ({
  ...home,
  featured: spoilerFreeVideos(home.featured),
  sections: home.sections.map((s) => ({ ...s, videos: spoilerFreeVideos(s.videos) })),
});

const reportRow = rowSchema("news tied to played matches", {
  news_id: z.number(),
  team_slug: z.string(),
  team_name: z.string(),
  opponent: z.string(),
  is_home: z.number(),
});

/** News tied to a played match reads 'Match report: Rovers v Ashcombe'; any other title loses its scorelines. */
async function withoutScoresInNews(db: D1Database, items: NewsSummary[]): Promise<NewsSummary[]> {
  if (items.length === 0) return items;
  const ids = items.map((n) => n.id);
  const rows = await allRows(
    reportRow,
    db.prepare(
      `SELECT n.id AS news_id, t.slug AS team_slug, t.name AS team_name, o.name AS opponent, m.is_home
       FROM news n JOIN matches m ON m.id = n.match_id JOIN teams t ON t.id = m.team_id JOIN opponents o ON o.id = m.opponent_id
       WHERE m.status = 'result' AND n.id IN (SELECT value FROM json_each(?))`,
    ).bind(JSON.stringify(ids)),
  );
  const reports = new Map(rows.map((r) => [r.news_id, r]));
  return items.map((item) => {
    const report = reports.get(item.id);
    if (!report) return { ...item, title: withoutScoreInTitle(item.title) };
    const us = reportSideName(report.team_slug, report.team_name);
    const title = report.is_home ? matchReportTitle(us, report.opponent) : matchReportTitle(report.opponent, us);
    return { ...item, title, summary: HIDDEN_REPORT_SUMMARY };
  });
}
