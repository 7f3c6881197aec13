import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { app } from "../../worker/app";
import { allRows, firstOf, jsonRows, resultsOf, rowSchema, RowShapeError } from "../../worker/db/rows";
import { NEWS_SUMMARY_COLUMNS, newsSummaryRow, toNewsSummary } from "../../worker/news/queries";

/** D1 rows are parsed against their query's declared shape, so a renamed or retyped column fails by name. */
describe("D1 rows parsed, not asserted", () => {
  const teamRow = rowSchema("teams", { slug: z.string(), name: z.string() });

  it("a row of the wrong shape throws one error naming the query's source and the column", () => {
    const result = { results: [{ slug: "", name: "Rovers" }, { slug: "b-team", title: "B Team" }] } as unknown as D1Result;
    let error: unknown;
    try {
      resultsOf(teamRow, result);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RowShapeError);
    expect(String(error)).toMatch(/^RowShapeError: D1 row 1 of teams \(slug, name\) does not match: name: /);
    expect(() => firstOf(teamRow, { results: [{ slug: 7, name: "x" }] } as unknown as D1Result)).toThrow(/teams .*slug: /);
  });

  it("a query whose column was renamed fails instead of passing undefined on", async () => {
    const renamed = env.DB.prepare(`SELECT ${NEWS_SUMMARY_COLUMNS.replace("n.slug,", "n.slug AS url_slug,")} FROM news n LIMIT 3`);
    await expect(allRows(newsSummaryRow, renamed)).rejects.toThrow(/news summaries .* does not match: slug: /);
  });

  it("a JSON column of our own SQL that is not an array of the declared objects throws too", () => {
    expect(jsonRows(teamRow, null)).toEqual([]);
    expect(() => jsonRows(teamRow, "{}")).toThrow(RowShapeError);
    expect(() => jsonRows(teamRow, '[{"slug":"","nome":"x"}]')).toThrow(/name: /);
  });

  it("the app answers such a row with its one 500, and logs the column", async () => {
    const { id } = (await env.DB.prepare("SELECT id FROM matches WHERE status = 'result' AND goals_for IS NOT NULL LIMIT 1").first<{ id: number }>())!;
    // The score route's query, with one column renamed as a migration might.
    const db = new Proxy(env.DB, {
      get(target, property) {
        if (property === "prepare") return (sql: string) => target.prepare(sql.replace("goals_for,", "goals_for AS goals_home,"));
        const value: unknown = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const ctx = createExecutionContext();
    const response = await app.fetch(new Request(`https://www.rovers.test/api/matches/${id}/score`), { ...env, DB: db }, ctx);
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ errors: [{ code: "INTERNAL", detail: "Something went wrong" }] });
    expect(logged.mock.calls.map(String).join("\n")).toMatch(/RowShapeError: D1 row 0 of played matches .*goals_for: /);
    logged.mockRestore();
  });

  it("parsing a page of 50 news summaries costs well under a millisecond", async () => {
    const { results } = await env.DB.prepare(`SELECT ${NEWS_SUMMARY_COLUMNS} FROM news n ORDER BY n.id LIMIT 50`).all();
    expect(results).toHaveLength(50);
    const result = { results } as unknown as D1Result;
    // The best of 15 batches of each, taken in turns: what the parsing costs, not what a busy
    // machine adds to it (a CI machine running other work beside the tests once measured 1.5 ms
    // on the best of five, while the cast's batches, taken after, were quiet).
    const rounds = 40;
    const cast = () => (results as z.infer<typeof newsSummaryRow>[]).map(toNewsSummary);
    const parse = () => resultsOf(newsSummaryRow, result).map(toNewsSummary);
    const batch = (run: () => unknown) => {
      const start = performance.now();
      for (let i = 0; i < rounds; i++) run();
      return (performance.now() - start) / rounds;
    };
    for (let i = 0; i < 20; i++) {
      cast();
      parse();
    }
    let castMs = Infinity;
    let parsed = Infinity;
    for (let turn = 0; turn < 15; turn++) {
      castMs = Math.min(castMs, batch(cast));
      parsed = Math.min(parsed, batch(parse));
    }
    console.log(`50 news summaries: ${parsed.toFixed(3)} ms parsed, ${castMs.toFixed(3)} ms cast`);
    expect(parsed).toBeLessThan(1);
  });
});
