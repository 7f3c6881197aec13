import { z } from "zod";
import type { SiteData } from "../../src/data/site-data";
import { allRows, rowSchema } from "../db/rows";
import type { NewsSummary } from "../../src/schemas/news";
import type { Video } from "../../src/schemas/videos";
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
 * SiteData for a supporter in spoiler-free mode: the same answers with every score taken out
 * before SSR or the API sees them (src/domain/spoiler-free.ts). Match reports (news tied to a
 * played match) get a neutral title and summary from their match, and their body is withheld.
 */
export function spoilerFree(data: SiteData, db: D1Database): SiteData {
  const news = (items: NewsSummary[]) => withoutScoresInNews(db, items);
  const videos = (items: Video[]) => items.map((v) => ({ ...v, title: withoutScoreInTitle(v.title) }));
  return {
    ...data,
    home: async () => {
      const home = await data.home();
      const [headline, latestNews] = await Promise.all([news(home.headline), news(home.latestNews)]);
      return {
        ...home,
        headline,
        latestNews,
        nextMatch: home.nextMatch && withoutScores(home.nextMatch),
        lastResult: home.lastResult && withoutScores(home.lastResult),
        upcoming: home.upcoming.map(withoutScores),
        videos: videos(home.videos),
        matchday: { ...home.matchday, candidates: home.matchday.candidates.map((c) => ({ ...c, match: withoutScores(c.match) })) },
      };
    },
    news: async (query) => {
      const page = await data.news(query);
      return { ...page, items: await news(page.items) };
    },
    newsArticle: async (slug) => {
      const article = await data.newsArticle(slug);
      if (!article) return null;
      const [self, related] = await Promise.all([withoutScoresInNews(db, [article]), news(article.related)]);
      const hidden = self[0]!.summary === HIDDEN_REPORT_SUMMARY;
      return { ...article, ...self[0]!, bodyHtml: hidden ? HIDDEN_REPORT_HTML : article.bodyHtml, related };
    },
    fixtures: async (teamSlug, seasonSlug) => {
      const fixtures = await data.fixtures(teamSlug, seasonSlug);
      return fixtures && { ...fixtures, matches: fixtures.matches.map(withoutScores) };
    },
    match: async (teamSlug, seasonSlug, matchId) => {
      const centre = await data.match(teamSlug, seasonSlug, matchId);
      return centre && { ...centre, match: withoutScores(centre.match), live: centre.live && withoutLiveScore(centre.live) };
    },
    videoHome: async () => {
      const home = await data.videoHome();
      return {
        ...home,
        featured: videos(home.featured),
        sections: home.sections.map((s) => ({ ...s, videos: videos(s.videos) })),
      };
    },
    videos: async (query) => {
      const list = await data.videos(query);
      return { ...list, items: videos(list.items) };
    },
    video: async (entryId) => {
      const video = await data.video(entryId);
      return video && videos([video])[0]!;
    },
  };
}

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
