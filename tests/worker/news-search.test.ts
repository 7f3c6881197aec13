import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { newsSearchSchema, type NewsSearchAnswer } from "../../src/schemas/news-search";
import * as z from "zod/mini";

/** GET /api/news/search (spec §7 'news search') through the whole worker, on the seeded news. */
const url = (params: Record<string, string>) => `http://localhost/api/news/search?${new URLSearchParams(params)}`;

async function search(params: Record<string, string>): Promise<NewsSearchAnswer["hits"]> {
  const res = await SELF.fetch(url(params));
  expect(res.status, JSON.stringify(params)).toBe(200);
  return z.parse(newsSearchSchema, await res.json()).hits;
}

/** Articles made for these tests (ids far above the seed's), with words no seeded article has. */
async function addArticle(id: number, title: string, body: string, publishedAt: string): Promise<void> {
  await env.DB.prepare(
    `INSERT INTO news (id, slug, title, summary, body_html, author, published_at, image_key) VALUES (?, ?, ?, 'A test article.', ?, 'Tester', ?, 'news-test')`,
  )
    .bind(id, `search-test-${id}`, title, body, publishedAt)
    .run();
}

beforeAll(async () => {
  await env.DB.prepare("DELETE FROM news WHERE id >= 900000").run();
  // Title match, older; body-only match, newer: relevance and date disagree on which comes first.
  await addArticle(900001, "Zephyrine signs for the Rovers", "<p>The winger joins today.</p>", "2020-01-01T12:00:00Z");
  await addArticle(900002, "Transfer round-up", "<p>Rumours about zephyrine and others.</p>", "2024-06-01T12:00:00Z");
  // Exact matches: the phrase in one, the same words apart in the other.
  await addArticle(900003, "Quillfeather kit launch night", "<p>Fans queue.</p>", "2023-01-01T12:00:00Z");
  await addArticle(900004, "Launch of the quillfeather away kit", "<p>Fans queue.</p>", "2023-02-01T12:00:00Z");
});

describe("GET /api/news/search", () => {
  it("finds a seeded headline's word, 8 hits a page, with the §3 hit fields", async () => {
    const article = await env.DB.prepare("SELECT slug, title FROM news WHERE id < 900000 ORDER BY published_at DESC LIMIT 1").first<{ slug: string; title: string }>();
    const word = article!.title.split(/\W+/).sort((a, b) => b.length - a.length)[0]!;
    const hits = await search({ query: word });
    expect(hits.found).toBeGreaterThan(0);
    expect(hits.hit.length).toBe(Math.min(8, hits.found));
    const all = await search({ query: word, size: "50" });
    const hit = all.hit.find((h) => h.fields.slug === article!.slug);
    expect(hit?.fields.title).toBe(article!.title);
    expect(hit?.imageData.key).toBe(hit?.fields.image);
    expect(hit?.fields.categories.length).toBeGreaterThan(0);
    expect(hit?.fields.category).toBe(hit?.fields.categories[0]);
  });

  it("sorts by relevance (bm25, title first) and by date added", async () => {
    const byScore = await search({ query: "zephyrine", sort: "_score desc" });
    expect(byScore.found).toBe(2);
    expect(byScore.hit.map((h) => h.id)).toEqual(["900001", "900002"]);
    const byDate = await search({ query: "zephyrine", sort: "published_date desc" });
    expect(byDate.hit.map((h) => h.id)).toEqual(["900002", "900001"]);
    // Date Added is the default.
    expect((await search({ query: "zephyrine" })).hit.map((h) => h.id)).toEqual(["900002", "900001"]);
    const dates = (await search({ query: "rovers", size: "50" })).hit.map((h) => h.fields.published_date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("matches the last word as a prefix while it is typed, not the earlier ones", async () => {
    expect((await search({ query: "zephyr" })).found).toBe(2);
    expect((await search({ query: "zephyr signs" })).found).toBe(0);
    expect((await search({ query: "zephyrine sig" })).hit.map((h) => h.id)).toEqual(["900001"]);
  });

  it("Exact matches: a quoted phrase matches the words together and in order", async () => {
    expect((await search({ query: "quillfeather kit" })).found).toBe(2);
    const exact = await search({ query: '"quillfeather kit"' });
    expect(exact.hit.map((h) => h.id)).toEqual(["900003"]);
    // no prefix inside quotes
    expect((await search({ query: '"quillfea"' })).found).toBe(0);
    expect((await search({ query: 'quillfea' })).found).toBe(2);
  });

  it("pages with start and size up to the edges", async () => {
    const first = await search({ query: "rovers", size: "8" });
    expect(first.found).toBeGreaterThan(16);
    const second = await search({ query: "rovers", size: "8", start: "8" });
    expect(second.start).toBe(8);
    expect(second.hit.length).toBe(8);
    expect(new Set([...first.hit, ...second.hit].map((h) => h.id)).size).toBe(16);
    const last = await search({ query: "rovers", size: "8", start: String(first.found - 1) });
    expect(last.hit.length).toBe(1);
    expect((await search({ query: "rovers", start: String(first.found) })).hit).toEqual([]);
    expect((await search({ query: "rovers", size: "1" })).hit.length).toBe(1);
    expect((await search({ query: "rovers", size: "50" })).hit.length).toBe(Math.min(50, first.found));
  });

  it("empty or unsearchable queries answer no hits", async () => {
    for (const query of ["", "   ", "🔥", "*", '""']) expect(await search({ query })).toEqual({ found: 0, start: 0, hit: [] });
    expect((await SELF.fetch("http://localhost/api/news/search")).status).toBe(200);
  });

  it("a bad size, start or sort (or an unknown parameter) is 400 INVALID_INPUT", async () => {
    const bad: Record<string, string>[] = [
      { size: "0" }, { size: "51" }, { size: "abc" }, { size: "1.5" }, { start: "-1" }, { start: "10001" }, { start: "x" },
      { sort: "title asc" }, { sort: "" }, { sort: "_score asc" }, { page: "1" },
    ];
    for (const params of bad) {
      const res = await SELF.fetch(url({ query: "rovers", ...params }));
      expect(res.status, JSON.stringify(params)).toBe(400);
      const body = (await res.json()) as { errors: { code: string; detail: string }[] };
      expect(body.errors[0]?.code).toBe("INVALID_INPUT");
    }
  });

  it("the index follows article edits and deletions (triggers)", async () => {
    await addArticle(900010, "Plain headline", "<p>Nothing here.</p>", "2022-01-01T12:00:00Z");
    expect((await search({ query: "marigoldworth" })).found).toBe(0);
    await env.DB.prepare("UPDATE news SET title = 'Marigoldworth headline' WHERE id = 900010").run();
    expect((await search({ query: "marigoldworth" })).hit.map((h) => h.fields.title)).toEqual(["Marigoldworth headline"]);
    expect((await search({ query: '"plain headline"' })).found).toBe(0);
    await env.DB.prepare("UPDATE news SET body_html = '<p>Now with cobblestoneville.</p>' WHERE id = 900010").run();
    expect((await search({ query: "cobblestoneville" })).found).toBe(1);
    await env.DB.prepare("DELETE FROM news WHERE id = 900010").run();
    expect((await search({ query: "marigoldworth" })).found).toBe(0);
    expect((await search({ query: "cobblestoneville" })).found).toBe(0);
  });
});

describe("GET /api/news/search fuzz: 500 inputs a supporter can type, never a 5xx", () => {
  // A small deterministic generator (no randomness between runs): FTS5 syntax, quotes, emoji,
  // control characters, SQL, very long input, mixed with real words.
  const fragments = [
    '"', '""', "'", "AND(", "AND", "OR", "NOT", "NEAR", "NEAR(a b, 2)", "*", "**", "title:", "body_html:", "summary:rovers",
    "{title summary}:", "^", "+", "-", "(", ")", ")(", "🔥", "⚽️", "👨‍👩‍👧", "\u0000", "\u0007", "\u001f", "\u007f", "\u200b", "\ufeff",
    "rovers", "kit", "launch", "zephyrine", "Ashcombe", "café", "Zürich", "日本", "عربي", "%", "_", "\\", "/", ";", "--", "DROP TABLE news;",
    "' OR 1=1 --", "<script>", "&amp;", "\t", "\n", " ", "  ", "0", "9999999999999999999999", "NaN", "a".repeat(300), "é".repeat(100),
  ];
  function* inputs(): Generator<string> {
    let seed = 12345;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 498; i++) {
      const parts = Array.from({ length: 1 + Math.floor(next() * 8) }, () => fragments[Math.floor(next() * fragments.length)]!);
      yield parts.join(next() < 0.5 ? " " : "");
    }
    yield "x".repeat(2000);
    yield Array.from({ length: 2000 }, (_, i) => fragments[i % fragments.length]!.slice(0, 1)).join("");
  }

  // 500 requests through workerd: one to three minutes on the shared, loaded 2-core machine.
  it("every input answers 200 with a well-formed body", { timeout: 480_000 }, async () => {
    const all = [...inputs()];
    expect(all).toHaveLength(500);
    for (let i = 0; i < all.length; i += 25) {
      const batch = all.slice(i, i + 25);
      const answers = await Promise.all(
        batch.map(async (query, k) => {
          const sort = (i + k) % 2 === 0 ? "_score desc" : "published_date desc";
          const res = await SELF.fetch(url({ query, sort }));
          return { query, status: res.status, body: await res.json() };
        }),
      );
      for (const { query, status, body } of answers) {
        expect(status, JSON.stringify(query)).toBe(200);
        expect(z.safeParse(newsSearchSchema, body).success, JSON.stringify(query)).toBe(true);
      }
    }
  });
});
