import { env, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { invalidateCache } from "../../worker/cache/kv-cache";

const get = (path: string, cookie?: string) => SELF.fetch(`https://rovers.test${path}`, { headers: cookie ? { cookie } : {} });
const ids = async (path: string, cookie?: string) => {
  const res = await get(path, cookie);
  expect(res.status).toBe(200);
  return (await res.json<{ promoID: number }[]>()).map((p) => p.promoID);
};
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString();

async function insertPromo(id: number, fields: { start: string; end: string; channel?: string; enabled?: number; childFriendly?: number; type?: string }) {
  await env.DB.prepare(
    `INSERT INTO overlay_promos (id, start_date_time, end_date_time, type, url, web_new_window, image_key, image_alt_text, child_friendly, channel, enabled)
     VALUES (?1, ?2, ?3, ?4, '/videos', 0, 'promo-test', 'Test promo', ?5, ?6, ?7)`,
  )
    .bind(id, fields.start, fields.end, fields.type ?? "Mini", fields.childFriendly ?? 1, fields.channel ?? "Web", fields.enabled ?? 1)
    .run();
}

describe("GET /api/promo-overlays/?channel=Web", () => {
  afterEach(async () => {
    await env.DB.prepare("DELETE FROM overlay_promos WHERE id >= 100").run();
    await invalidateCache(env);
  });

  it("answers the seed's one active web promo, in the spec's fields", async () => {
    const res = await get("/api/promo-overlays/?channel=Web");
    expect(res.headers.get("content-type")).toContain("application/json");
    const promos = await res.json<Record<string, unknown>[]>();
    expect(promos).toHaveLength(1);
    expect(promos[0]).toMatchObject({ promoID: 1, type: "Default", url: "/videos/subscriptions", webNewWindow: false, imageKey: "promo-rovers-tv-plus" });
    for (const field of ["startDateTime", "endDateTime", "imageAltText"]) expect(promos[0]).toHaveProperty(field);
    // the same without the trailing slash
    expect(await ids("/api/promo-overlays?channel=Web")).toEqual([1]);
  });

  it("keeps only promos whose start and end bracket now, enabled, of the channel asked for", async () => {
    await insertPromo(100, { start: iso(-1), end: iso(1) });
    await insertPromo(101, { start: iso(1), end: iso(2) }); // not yet
    await insertPromo(102, { start: iso(-2), end: iso(-1) }); // over
    await insertPromo(103, { start: iso(-1), end: iso(1), enabled: 0 });
    await insertPromo(104, { start: iso(-1), end: iso(1), channel: "App" });
    await invalidateCache(env);
    expect(await ids("/api/promo-overlays/?channel=Web")).toEqual([1, 100]);
    expect(await ids("/api/promo-overlays/?channel=App")).toEqual(expect.arrayContaining([104]));
    expect(await ids("/api/promo-overlays/?channel=App")).not.toContain(100);
  });

  it("leaves promos not flagged child friendly out in child-friendly mode only", async () => {
    await insertPromo(105, { start: iso(-1), end: iso(1), childFriendly: 0 });
    await invalidateCache(env);
    expect(await ids("/api/promo-overlays/?channel=Web")).not.toContain(105);
    expect(await ids("/api/promo-overlays/?channel=Web", "rovers_child_friendly=0")).toContain(105);
  });

  it("400 INVALID_INPUT without a channel or with a bad one", async () => {
    for (const path of ["/api/promo-overlays/", "/api/promo-overlays/?channel=", "/api/promo-overlays/?channel=W%20eb"]) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect((await res.json<{ errors: { code: string }[] }>()).errors[0]?.code).toBe("INVALID_INPUT");
    }
  });
});
