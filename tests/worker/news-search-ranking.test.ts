import { env, SELF } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { newsSearchSchema, type NewsSearchAnswer } from "../../src/schemas/news-search";
import { ftsMatchExpression } from "../../src/domain/fts-query";
import { DATE_WALK_MIN_FOUND, searchNews } from "../../worker/search/news-search";
import { RANKED_WINDOW } from "../../worker/search/ranked-windows";

/**
 * GET /api/news/search at the size where the kept ranking (worker/search/ranked-windows.ts) and the
 * date index walk take over: every page, inside and beyond the kept window, in both orders, is the
 * plain definition's answer (every match ranked by bm25 10/4/1, ties newest id first; or newest
 * first), and an edit of any kind is in the next answer.
 */
const FIRST_ID = 910_000;
/** More than the window and more than the date walk's threshold. */
const ARTICLES = 1_150;
/** Words no seeded article has, so the seeded tests' counts stay as they are. */
const WORDS = ["vexillum", "quorblat", "zindlewick", "plumbrae", "tessivon"];

const url = (params: Record<string, string>) => `http://localhost/api/news/search?${new URLSearchParams(params)}`;

async function search(params: Record<string, string>): Promise<NewsSearchAnswer["hits"]> {
  const res = await SELF.fetch(url(params));
  expect(res.status, JSON.stringify(params)).toBe(200);
  return z.parse(newsSearchSchema, await res.json()).hits;
}

/** Deterministic articles: 'vexillum' in some titles, in most summaries or bodies, repeated a varying number of times. */
function article(i: number) {
  const id = FIRST_ID + i;
  const pick = (k: number) => WORDS[(i * 7 + k * 3) % WORDS.length]!;
  const title = i % 3 === 0 ? `Vexillum ${pick(1)} night` : `${pick(2)} ${pick(3)} report`;
  const summary = i % 4 === 0 ? `${pick(4)} summary` : `Vexillum ${pick(5)} summary`;
  const body = `<p>${Array.from({ length: 1 + (i % 9) }, (_, k) => (k % 2 === 0 ? "vexillum" : pick(k))).join(" ")} ${"filler ".repeat(i % 13)}</p>`;
  // Some share a date, so the id decides between them.
  const published = new Date(Date.UTC(2019, 0, 1) + Math.floor(i / 2) * 3_600_000).toISOString();
  return { id, title, summary, body, published };
}

beforeAll(async () => {
  await env.DB.prepare("DELETE FROM news WHERE id >= ?").bind(FIRST_ID).run();
  const insert = env.DB.prepare(
    "INSERT INTO news (id, slug, title, summary, body_html, author, published_at, image_key) VALUES (?, ?, ?, ?, ?, 'Tester', ?, 'news-test')",
  );
  const rows = Array.from({ length: ARTICLES }, (_, i) => article(i));
  for (let i = 0; i < rows.length; i += 100) {
    await env.DB.batch(rows.slice(i, i + 100).map((a) => insert.bind(a.id, `ranking-test-${a.id}`, a.title, a.summary, a.body, a.published)));
  }
  const category = await env.DB.prepare("SELECT id FROM news_categories ORDER BY id LIMIT 1").first<{ id: number }>();
  await env.DB.prepare("INSERT INTO news_category (news_id, category_id) SELECT id, ? FROM news WHERE id >= ?").bind(category!.id, FIRST_ID).run();
}, 120_000);

afterAll(async () => {
  await env.DB.prepare("DELETE FROM news_category WHERE news_id >= ?").bind(FIRST_ID).run();
  await env.DB.prepare("DELETE FROM news WHERE id >= ?").bind(FIRST_ID).run();
});

/** The definition, over every match, straight from D1. */
async function reference(query: string, sort: "_score desc" | "published_date desc"): Promise<string[]> {
  const match = ftsMatchExpression(query)!;
  const sql =
    sort === "_score desc"
      ? "SELECT rowid AS id FROM news_fts WHERE news_fts MATCH ?1 ORDER BY bm25(news_fts, 10.0, 4.0, 1.0), rowid DESC"
      : "SELECT n.id AS id FROM news n WHERE n.id IN (SELECT rowid FROM news_fts WHERE news_fts MATCH ?1) ORDER BY n.published_at DESC, n.id DESC";
  const { results } = await env.DB.prepare(sql).bind(match).all<{ id: number }>();
  return results.map((r) => String(r.id));
}

async function allPages(query: string, sort: string, size: number, until: number): Promise<{ ids: string[]; found: Set<number> }> {
  const ids: string[] = [];
  const found = new Set<number>();
  for (let start = 0; start < until; start += size) {
    const hits = await search({ query, sort, size: String(size), start: String(start) });
    expect(hits.start).toBe(start);
    found.add(hits.found);
    ids.push(...hits.hit.map((h) => h.id));
  }
  return { ids, found };
}

describe("news search beyond the kept window and the date walk's threshold", () => {
  for (const sort of ["_score desc", "published_date desc"] as const) {
    it(`every page is the definition's (${sort}), pages of 8 and of 50`, { timeout: 240_000 }, async () => {
      const expected = await reference("vexillum", sort);
      expect(expected.length).toBeGreaterThan(Math.max(RANKED_WINDOW, DATE_WALK_MIN_FOUND));
      // Pages of 50 reach past the window (start + size > 200) up to the last match.
      const wide = await allPages("vexillum", sort, 50, expected.length);
      expect(wide.ids).toEqual(expected);
      expect([...wide.found]).toEqual([expected.length]);
      // Pages of 8, as the overlay asks: the window's 25 pages and three beyond it.
      const narrow = await allPages("vexillum", sort, 8, RANKED_WINDOW + 24);
      expect(narrow.ids).toEqual(expected.slice(0, RANKED_WINDOW + 24));
      expect([...narrow.found]).toEqual([expected.length]);
      // A page across the window's edge.
      const edge = await search({ query: "vexillum", sort, size: "8", start: String(RANKED_WINDOW - 4) });
      expect(edge.hit.map((h) => h.id)).toEqual(expected.slice(RANKED_WINDOW - 4, RANKED_WINDOW + 4));
      // Past the last match: the count, no hits.
      expect(await search({ query: "vexillum", sort, start: String(expected.length) })).toEqual({ found: expected.length, start: expected.length, hit: [] });
    });
  }

  it("a phrase and a prefix are ranked as the definition ranks them", { timeout: 120_000 }, async () => {
    for (const query of ['"vexillum quorblat"', "vexillum zind", "plumbrae"]) {
      const expected = await reference(query, "_score desc");
      const hits = await search({ query, sort: "_score desc", size: "50" });
      expect(hits.found, query).toBe(expected.length);
      expect(hits.hit.map((h) => h.id), query).toEqual(expected.slice(0, 50));
    }
  });
});

/** env.DB, recording the SQL of every statement prepared through it. */
function recording(db: D1Database): { db: D1Database; statements: string[] } {
  const statements: string[] = [];
  const wrapped = { prepare: (sql: string) => (statements.push(sql), db.prepare(sql)), batch: db.batch.bind(db) };
  return { db: wrapped as unknown as D1Database, statements };
}

describe("the kept ranking", () => {
  const ranks = (statements: string[]) => statements.filter((sql) => sql.includes("MATCH")).length;

  it("is ranked once: the same search and its next pages read rows by id only", async () => {
    const { db, statements } = recording(env.DB);
    const first = await searchNews(db, { query: "tessivon", sort: "_score desc", start: 0, size: 8 });
    expect(ranks(statements)).toBeGreaterThan(0);
    statements.length = 0;
    expect(await searchNews(db, { query: "tessivon", sort: "_score desc", start: 0, size: 8 })).toEqual(first);
    const second = await searchNews(db, { query: "tessivon", sort: "_score desc", start: 8, size: 8 });
    expect(second.found).toBe(first.found);
    expect(ranks(statements)).toBe(0);
    // The other order, and a page beyond the window, are ranked for themselves.
    await searchNews(db, { query: "tessivon", sort: "published_date desc", start: 0, size: 8 });
    expect(ranks(statements)).toBeGreaterThan(0);
    statements.length = 0;
    await searchNews(db, { query: "tessivon", sort: "_score desc", start: RANKED_WINDOW, size: 8 });
    expect(ranks(statements)).toBeGreaterThan(0);
  });

  it("any write that changes an answer is in the next one: text, date, categories, a category's name, deletion", async () => {
    const { db, statements } = recording(env.DB);
    const top = async () => (await searchNews(db, { query: "plumbrae", sort: "_score desc", start: 0, size: 8 })).items[0]!;
    await top();
    statements.length = 0;
    await top();
    expect(ranks(statements)).toBe(0);

    await env.DB.prepare("UPDATE news SET title = 'Plumbrae plumbrae plumbrae' WHERE id = ?").bind(FIRST_ID + 1).run();
    expect((await top()).id).toBe(FIRST_ID + 1);
    await env.DB.prepare("UPDATE news SET summary = 'Now changed' WHERE id = ?").bind(FIRST_ID + 1).run();
    expect((await top()).summary).toBe("Now changed");
    await env.DB.prepare("UPDATE news SET published_at = '2030-01-01T00:00:00Z' WHERE id = ?").bind(FIRST_ID + 1).run();
    expect((await top()).publishedAt).toBe("2030-01-01T00:00:00Z");

    const category = await env.DB.prepare("SELECT id, name FROM news_categories ORDER BY id LIMIT 1 OFFSET 1").first<{ id: number; name: string }>();
    await env.DB.prepare("INSERT INTO news_category (news_id, category_id) VALUES (?, ?)").bind(FIRST_ID + 1, category!.id).run();
    expect((await top()).categories.map((c) => c.name)).toContain(category!.name);
    await env.DB.prepare("UPDATE news_categories SET name = 'Renamed for the test' WHERE id = ?").bind(category!.id).run();
    expect((await top()).categories.map((c) => c.name)).toContain("Renamed for the test");
    await env.DB.prepare("UPDATE news_categories SET name = ? WHERE id = ?").bind(category!.name, category!.id).run();
    await env.DB.prepare("DELETE FROM news_category WHERE news_id = ? AND category_id = ?").bind(FIRST_ID + 1, category!.id).run();
    expect((await top()).categories.map((c) => c.name)).not.toContain(category!.name);

    await env.DB.prepare("DELETE FROM news_category WHERE news_id = ?").bind(FIRST_ID + 1).run();
    await env.DB.prepare("DELETE FROM news WHERE id = ?").bind(FIRST_ID + 1).run();
    expect((await top()).id).not.toBe(FIRST_ID + 1);
  });

  it("hostile input shares the kept ranking of the words it reduces to, never FTS5 syntax", async () => {
    const { db, statements } = recording(env.DB);
    const plain = await searchNews(db, { query: "quorblat", sort: "_score desc", start: 0, size: 8 });
    expect(plain.found).toBeGreaterThan(0);
    statements.length = 0;
    // Operators and punctuation around the word reduce to the same escaped expression (the key is that
    // expression exactly: "QUORBLAT", the same to FTS5, is ranked once more under its own).
    for (const query of ["quorblat*", "(quorblat)", "^quorblat", "+quorblat", "quorblat!", '"quorblat']) {
      expect(await searchNews(db, { query, sort: "_score desc", start: 0, size: 8 }), query).toEqual(plain);
    }
    expect(ranks(statements)).toBe(0);
    for (const query of ["quorblat OR plumbrae", "NOT quorblat", "quorblat NEAR plumbrae"]) {
      const res = await SELF.fetch(url({ query, sort: "_score desc" }));
      expect(res.status, query).toBe(200);
    }
    // 'OR' is a word here, not the operator: no article has it, so nothing matches all three.
    expect((await search({ query: "quorblat OR plumbrae" })).found).toBe(0);
  });
});
