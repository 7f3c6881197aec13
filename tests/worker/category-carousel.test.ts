// The video carousel with category cards (spec §2 Shared widgets, §5, §9) on /videos,
// where the feed's sections ask for one; its type and style come from the section's row.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { browser } from "./auth-test-app";
import { videoHomeSchema } from "../../src/schemas/videos";

const TOKEN = "admin-token-for-carousel-tests-0123";
const html = async (path: string) => (await SELF.fetch(`https://rovers.test${path}`)).text();
const invalidate = () =>
  browser({ ADMIN_TOKEN: TOKEN }).fetch("/api/admin/cache/invalidate", { method: "POST", headers: { authorization: `Bearer ${TOKEN}` } });
/** The carousel's section in the page, from its opening tag to the next section's. */
const carouselOf = (page: string) => page.match(/<section class="page-section carousel carousel--(?:dark|light) category-carousel"[\s\S]*?<\/section>/)?.[0] ?? "";

describe("video category carousel", () => {
  it("the feed's categories section is in the video home's data, with its type, style and every category in order", async () => {
    const home = videoHomeSchema.parse(await (await SELF.fetch("https://rovers.test/api/content/videos/home")).json());
    expect(home.carousels).toHaveLength(1);
    const [carousel] = home.carousels;
    expect(carousel).toMatchObject({ key: "browse-categories", title: "Browse by category", type: "full-4", style: "dark", afterSections: 2 });
    const categories = await env.DB.prepare("SELECT slug FROM video_categories ORDER BY order_position, id").all<{ slug: string }>();
    expect(carousel!.categories.map((c) => c.slug)).toEqual(categories.results.map((c) => c.slug));
    // The carousel is not a video section: the rails stay one per category.
    expect(home.sections.every((s) => s.videos.length > 0)).toBe(true);
  });

  it("/videos renders it server-side with its type and style, between the feed's second and third rails, a link per category", async () => {
    const page = await html("/videos");
    const carousel = carouselOf(page);
    expect(carousel).toContain('class="page-section carousel carousel--dark category-carousel" data-type="full-4"');
    expect(carousel).toContain(">Browse by category</h2>");
    expect(carousel).toMatch(/<button type="button" class="carousel__button" aria-label="Previous: Browse by category" aria-disabled="true"/);
    expect(carousel).toMatch(/aria-label="Next: Browse by category" aria-disabled="false"/);
    const links = [...carousel.matchAll(/<a [^>]*class="category-card"[^>]*href="([^"]+)"|<a [^>]*href="([^"]+)"[^>]*class="category-card"/g)].map((m) => m[1] ?? m[2]);
    expect(links).toEqual(["highlights", "extended-highlights", "interviews", "full-match-replays", "inside-training", "press-conferences", "women", "academy"].map((s) => `/videos/channel/${s}`));
    // titleVisibility: the academy card has no title over its image, only its accessible name.
    expect(carousel).toContain('aria-label="Academy"');
    expect(carousel).not.toContain('category-card__title">Academy<');
    const at = page.indexOf(carousel);
    expect(page.lastIndexOf(">Extended Highlights</h2>", at)).toBeGreaterThan(-1);
    expect(page.indexOf(">Interviews</h2>")).toBeGreaterThan(at);
  });

  it("follows the section's row: type full-6 and style light after the club changes it", async () => {
    await env.DB.prepare("UPDATE feed_sections SET carousel_type = 'full-6', carousel_style = 'light', position = 0 WHERE section_key = 'browse-categories'").run();
    try {
      expect((await invalidate()).status).toBe(200);
      const page = await html("/videos");
      expect(carouselOf(page)).toContain('class="page-section carousel carousel--light category-carousel" data-type="full-6"');
      // position 0: before every rail
      expect(page.indexOf(">Highlights</h2>")).toBeGreaterThan(page.indexOf(">Browse by category</h2>"));
    } finally {
      await env.DB.prepare("UPDATE feed_sections SET carousel_type = 'full-4', carousel_style = 'dark', position = 3 WHERE section_key = 'browse-categories'").run();
      await invalidate();
    }
  });

  it("the table takes only the spec's types and styles (§5), and a section is either one category's videos or the categories", async () => {
    const insert = (kind: string, categoryId: number | null, type: string, style: string) =>
      env.DB.prepare(
        "INSERT INTO feed_sections (feed_id, section_key, title, kind, category_id, position, carousel_type, carousel_style) VALUES (1, 'x-' || ?1 || ?3 || ?4, 'X', ?1, ?2, 99, ?3, ?4)",
      )
        .bind(kind, categoryId, type, style)
        .run();
    await expect(insert("categories", null, "full-5", "dark")).rejects.toThrow(/CHECK/);
    await expect(insert("categories", null, "full-4", "grey")).rejects.toThrow(/CHECK/);
    await expect(insert("carousel", null, "full-4", "dark")).rejects.toThrow(/CHECK/);
    await expect(insert("categories", 1, "full-4", "dark")).rejects.toThrow(/CHECK/);
    await expect(insert("videos", null, "full-4", "dark")).rejects.toThrow(/CHECK/);
    const none = await env.DB.prepare("SELECT COUNT(*) AS n FROM feed_sections WHERE section_key LIKE 'x-%'").first<{ n: number }>();
    expect(none?.n).toBe(0);
  });
});
