import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApiSiteData } from "../../client/data/api-site-data";
import { createD1SiteData } from "../../worker/data";

// The browser's loaders must see exactly what SSR sees: same method, same answer.
describe("SiteData over /api equals SiteData over D1", () => {
  const api = createApiSiteData((input, init) => SELF.fetch(input, init), "https://rovers.test");
  const d1 = createD1SiteData(env);

  it("returns the same data for every method", async () => {
    const article = (await d1.news({ page: 0 })).items[0]!;
    const video = (await d1.videos({ page: 0, pageSize: 1 })).items[0]!;
    const live = (await d1.liveAssets())[0]!;
    const team = await d1.team("b-team");
    const player = team!.players[0]!;
    const calls: Array<[string, (d: typeof d1) => Promise<unknown>]> = [
      ["shell", (d) => d.shell()],
      ["menu", (d) => d.menu()],
      ["home", (d) => d.home()],
      ["news", (d) => d.news({ page: 1, category: "tickets" })],
      ["news by date", (d) => d.news({ year: 2023, month: 3 })],
      ["newsArticle", (d) => d.newsArticle(article.slug)],
      ["newsArticle missing", (d) => d.newsArticle("no-such-article")],
      ["categories", (d) => d.categories()],
      ["category", (d) => d.category("tickets")],
      ["teams", (d) => d.teams()],
      ["team first", (d) => d.team("")],
      ["fixtures", (d) => d.fixtures("womens-first-team", "2022-23")],
      ["match", (d) => d.match("", undefined, undefined)],
      ["player", (d) => d.player("b-team", player.slug)],
      ["videoHome", (d) => d.videoHome()],
      ["videoCategories", (d) => d.videoCategories()],
      ["videos", (d) => d.videos({ page: 0, pageSize: 5 })],
      ["video", (d) => d.video(video.entryId)],
      ["faqs", (d) => d.faqs()],
      ["faqs streamer", (d) => d.faqs("streamer")],
      ["packages", (d) => d.packages()],
      ["liveAssets", (d) => d.liveAssets()],
      ["liveAsset", (d) => d.liveAsset(live.id)],
      ["defaultLiveAsset", (d) => d.defaultLiveAsset("video")],
      ["page", (d) => d.page("club-information/contact-us")],
      ["page missing", (d) => d.page("no-such-page")],
    ];
    for (const [name, call] of calls) {
      expect(await call(api), name).toEqual(await call(d1));
    }
  });
});
