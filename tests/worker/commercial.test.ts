import { env, SELF } from "cloudflare:test";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { browser } from "./auth-test-app";
import { parseSettings } from "../../worker/env";
import { DEV_ADMIN_TOKEN } from "../../worker/dev-secrets";
import { EVENTS_RATE_LIMIT } from "../../worker/events/event-routes";

const TOKEN = "admin-token-for-commercial-tests-0123";
const admin = () => browser({ ADMIN_TOKEN: TOKEN });
const json = (method: string, body: unknown) => ({
  method,
  headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
  body: JSON.stringify(body),
});

type SlotAdvert = { id: number; slotType: string; channel: string; timings: { startUTC: string; endUTC: string } };
const CHILD_FRIENDLY_OFF = { headers: { cookie: "rovers_child_friendly=0" } };

async function footerIds(b = browser(), init: RequestInit = CHILD_FRIENDLY_OFF): Promise<number[]> {
  const res = await b.fetch("/api/advertising/slots/footer_slot?includeAllAdverts=true", init);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: { attributes: { adverts: SlotAdvert[] } } };
  return body.data.attributes.adverts.map((a) => a.id);
}

describe("advertising calls (spec §7) honour the window, the channel and child-friendly mode", () => {
  it("footer_slot with includeAllAdverts=true: exactly the seed's eligible adverts", async () => {
    // 1-8 are live; 9-10 ended, 11 disabled, 12 app-only, 13 no url, 14 no mobile image, 15 starts in 2030.
    expect(await footerIds()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // child-friendly mode is the default (no cookie): the unflagged 4 and 7 are left out
    expect(await footerIds(browser(), {})).toEqual([1, 2, 3, 5, 6, 8]);
    const legacy = (await (await browser().fetch("/api/adverts?area=footer", CHILD_FRIENDLY_OFF)).json()) as { adverts: SlotAdvert[] };
    expect(legacy.adverts.map((a) => a.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("a shape's slot answers one eligible advert of that shape, in the spec's form", async () => {
    for (let i = 0; i < 6; i++) {
      const res = await browser().fetch("/api/advertising/slots/banner");
      const advert = ((await res.json()) as { data: { attributes: { advert: SlotAdvert & Record<string, unknown> } } }).data.attributes.advert;
      expect([2, 6]).toContain(advert.id);
      expect(advert).toMatchObject({ slotType: "banner", advertData: { images: { mobile: { imageSize: "750x750" } } } });
      expect(res.headers.get("cache-control")).toContain("no-store");
    }
    const none = await browser().fetch("/api/advertising/slots/nowhere");
    expect(none.status).toBe(404);
    expect((await browser().fetch("/api/advertising/slots/footer_slot?channel=app")).status).toBe(400);
    expect((await browser().fetch("/api/adverts?area=header")).status).toBe(400);
  });

  it("an admin edit shows on the next request: window, channel, disable", async () => {
    const a = admin();
    const created = await a.fetch("/api/admin/adverts", json("POST", {
      advertName: "Next season", advertRef: "NEXT", campaignRef: "TICKETING", url: "https://tickets.example/next",
      startUTC: "2099-01-01T00:00:00Z", endUTC: "2099-12-31T00:00:00Z", mobileImageKey: "advert-next-mobile", slotType: "mpu", childFriendly: true,
    }));
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { id: number } };
    const ids = await footerIds(); // warms the KV cache
    expect(ids).not.toContain(data.id); // not started yet

    expect((await a.fetch(`/api/admin/adverts/${data.id}`, json("PUT", { startUTC: "2020-01-01T00:00:00Z" }))).status).toBe(200);
    expect(await footerIds()).toContain(data.id);
    expect((await a.fetch(`/api/admin/adverts/${data.id}`, json("PUT", { channel: "app" }))).status).toBe(200);
    expect(await footerIds()).not.toContain(data.id);
    await a.fetch(`/api/admin/adverts/${data.id}`, json("PUT", { channel: "web" }));
    expect(await footerIds()).toContain(data.id);
    const disabled = await a.fetch(`/api/admin/adverts/${data.id}/disable`, { method: "POST", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(await disabled.json()).toMatchObject({ data: { attributes: { enabled: 0 } } });
    expect(await footerIds()).not.toContain(data.id);
    // the shell the pages carry follows too (it carries only adverts that can show)
    const shell = (await (await browser().fetch("/api/content/shell")).json()) as { adverts: { id: number }[] };
    expect(shell.adverts.some((x) => x.id === data.id)).toBe(false);
    const audit = await env.DB.prepare("SELECT action, target, status FROM admin_audit_log WHERE action LIKE 'adverts.%' ORDER BY id").all();
    expect(audit.results.map((r) => r.action)).toEqual(["adverts.create", "adverts.update", "adverts.update", "adverts.update", "adverts.disable"]);
  });

  it("web settings, sponsors and menu entries: the page shows the change on the next request", async () => {
    const a = admin();
    const page = () => SELF.fetch("https://rovers.test/club-information");
    expect(await (await page()).text()).not.toContain("Built by the club's own team");
    expect((await page()).headers.get("x-page-cache")).toBe("hit"); // kept in the page cache
    expect((await a.fetch("/api/admin/settings/footer.builtOn", json("PUT", { value: "Built by the club's own team" }))).status).toBe(200);
    expect(await (await page()).text()).toContain("Built by the club's own team");

    expect((await a.fetch("/api/admin/sponsors/1", json("PUT", { title: "Harbourline Mutual" }))).status).toBe(200);
    const shell = (await (await browser().fetch("/api/content/shell")).json()) as { sponsorRows: { sponsors: { sponsorID: number; title: string }[] }[] };
    expect(shell.sponsorRows.flatMap((r) => r.sponsors).find((s) => s.sponsorID === 1)?.title).toBe("Harbourline Mutual");

    // The menu's page tree comes with the drawer's first opening (GET /api/content/menu), not in the shell.
    const menu = async () => (await (await browser().fetch("/api/content/menu")).json()) as { postID: number; postTitle: string }[];
    const entry = (await menu())[0]!;
    expect((await a.fetch(`/api/admin/menu/${entry.postID}`, json("PUT", { postTitle: "Renamed by the club" }))).status).toBe(200);
    expect((await menu()).find((m) => m.postID === entry.postID)?.postTitle).toBe("Renamed by the club");
    expect((await a.fetch(`/api/admin/menu/${entry.postID}/disable`, { method: "POST", headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    expect((await menu()).find((m) => m.postID === entry.postID)).toBeUndefined();
  });

  it("a sponsor created with a rowID stands in that footer row on the next request; moved, and taken out with null", async () => {
    const a = admin();
    type Rows = { sponsorRows: { rowID: number; sponsors: { sponsorID: number; title: string }[] }[] };
    const rows = async () => ((await (await browser().fetch("/api/content/shell")).json()) as Rows).sponsorRows;
    const rowOf = async (id: number) => (await rows()).find((r) => r.sponsors.some((s) => s.sponsorID === id))?.rowID ?? null;
    const page = () => SELF.fetch("https://rovers.test/club-information");
    expect(await (await page()).text()).not.toContain("Moorside Dairy"); // warms the page cache and the KV cache
    const before = await rows();

    const created = await a.fetch("/api/admin/sponsors", json("POST", {
      title: "Moorside Dairy", adminName: "Footer: Moorside Dairy", url: "https://moorside.example/", imageKey: "sponsor-moorside-dairy", isChildFriendly: true, rowID: 3,
    }));
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { id: number; attributes: { rowID: number | null } } };
    expect(data.attributes.rowID).toBe(3);
    // last in its row, after the row's own sponsors; in the page's HTML too
    const row3 = (await rows()).find((r) => r.rowID === 3)!;
    expect(row3.sponsors.map((s) => s.sponsorID)).toEqual([...before.find((r) => r.rowID === 3)!.sponsors.map((s) => s.sponsorID), data.id]);
    expect(await (await page()).text()).toContain("Moorside Dairy");

    const moved = await a.fetch(`/api/admin/sponsors/${data.id}`, json("PUT", { rowID: 1 }));
    expect(await moved.json()).toMatchObject({ data: { attributes: { rowID: 1, title: "Moorside Dairy" } } });
    expect(await rowOf(data.id)).toBe(1);
    expect((await a.fetch(`/api/admin/sponsors/${data.id}`, json("PUT", { rowID: null }))).status).toBe(200);
    expect(await rowOf(data.id)).toBeNull();

    // validated: a row that does not exist, or not a whole number, is a field error and nothing is written
    const count = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM sponsors").first<{ n: number }>())!.n;
    const sponsors = await count();
    for (const rowID of [99, 0, "2", 1.5]) {
      const res = await a.fetch("/api/admin/sponsors", json("POST", { title: "Nowhere Ltd", adminName: "Nowhere", url: "https://nowhere.example/", imageKey: "sponsor-nowhere", rowID }));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ errors: [{ code: "INVALID_FIELD", field: "rowID" }] });
    }
    expect(await count()).toBe(sponsors);
    expect((await a.fetch(`/api/admin/sponsors/${data.id}`, json("PUT", { rowID: 99 }))).status).toBe(400);
    expect(await rowOf(data.id)).toBeNull();
  });

  it("bad bodies are 400 with every field's error and change nothing", async () => {
    const a = admin();
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM adverts").first<{ n: number }>();
    const res = await a.fetch("/api/admin/adverts", json("POST", { advertName: "", url: "javascript:alert(1)", slotType: "square", colour: "red", startUTC: "2024-01-01T00:00:00Z", endUTC: "2023-01-01T00:00:00Z" }));
    expect(res.status).toBe(400);
    const { errors } = (await res.json()) as { errors: { code: string; field: string }[] };
    expect(errors.every((e) => e.code === "INVALID_FIELD")).toBe(true);
    expect(errors.map((e) => e.field).sort()).toEqual(["advertName", "advertRef", "campaignRef", "colour", "slotType", "url"].sort());
    const window = await a.fetch("/api/admin/adverts/1", json("PUT", { endUTC: "2000-01-01T00:00:00Z" }));
    expect(await window.json()).toMatchObject({ errors: [{ field: "endUTC" }] });
    expect((await a.fetch("/api/admin/adverts/999999", json("PUT", { enabled: false }))).status).toBe(404);
    expect((await a.fetch("/api/admin/settings/not a key", json("PUT", { value: "x" }))).status).toBe(400);
    expect((await a.fetch("/api/admin/menu", json("POST", { postTitle: "Dup", pageSlug: "tickets", fullPath: "tickets" }))).status).toBe(409);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM adverts").first<{ n: number }>()).toEqual(before);
    // without the token the content writes do not exist, like the rest of the admin API
    expect((await browser().fetch("/api/admin/adverts", json("POST", {}))).status).toBe(404);
  });

  it("experiments: none by default; the configured ones through the same eligibility rule", async () => {
    expect(await (await browser().fetch("/api/experiments/data")).json()).toEqual([]);
    const experiments = [
      { advertID: 90, advertName: "Older form", targetUrl: "https://old.example/", childFriendly: true, imageData: { Location: "advert-old" } },
      { advertID: 91, advertName: "Older, not for children", targetUrl: "https://old.example/2", childFriendly: false, imageData: { Location: "advert-old-2" } },
      { title: "Feed advert", url: "https://feed.example/", imageData: { key: "advert-feed" } },
      { nonsense: true },
    ];
    await admin().fetch("/api/admin/settings/experiments.data", json("PUT", { value: JSON.stringify(experiments) }));
    expect(await (await browser().fetch("/api/experiments/data")).json()).toEqual([experiments[0]]);
    expect(await (await browser().fetch("/api/experiments/data", CHILD_FRIENDLY_OFF)).json()).toEqual(experiments.slice(0, 3));
  });
});

describe("the development admin token", () => {
  it("works in development and is refused in production", () => {
    expect(parseSettings({ ...env, ENVIRONMENT: "development", ADMIN_TOKEN: DEV_ADMIN_TOKEN }).adminToken).toBe(DEV_ADMIN_TOKEN);
    expect(parseSettings({ ...env, ENVIRONMENT: undefined, ADMIN_TOKEN: DEV_ADMIN_TOKEN }).adminToken).toBeNull();
    expect(parseSettings({ ...env, ENVIRONMENT: undefined, ADMIN_TOKEN: TOKEN }).adminToken).toBe(TOKEN);
  });
});

const event = (overrides: Record<string, unknown> = {}) => ({
  channel: "web", domain: "localhost", logID: 17, screensize: "1440x900", ssoVendor: "dev", userAgent: "test", sessionID: "5150",
  ssoID: "", action: "advertImpression", timestamp: "2026-11-23T20:00:00.000Z", url: "https://store.example/kit", userAllowTracking: true,
  advertID: 5, advertName: "Club store: new home kit", advertRef: "STORE-KIT", campaignRef: "RETAIL", ...overrides,
});
const post = (body: unknown) => ({ method: "POST", headers: { "content-type": "application/json" }, body: typeof body === "string" ? body : JSON.stringify(body) });
const { advertID: _i, advertName: _n, advertRef: _r, campaignRef: _c, ...pageViewFields } = event({ action: "pageView", url: "/" });
const pageView = pageViewFields;
const storedCount = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM tracking_events").first<{ n: number }>())?.n ?? 0;

describe("POST /api/events", () => {
  it("stores a good batch", async () => {
    const before = await storedCount();
    const res = await browser().fetch("/api/events", post({ events: [event(), event({ action: "advertClick" }), { ...pageView, url: "/news" }] }));
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ data: { accepted: 3, store: "d1" } });
    expect(await storedCount()).toBe(before + 3);
    const row = await env.DB.prepare("SELECT action, advert_id, session_id, screensize FROM tracking_events WHERE action = 'advertClick' ORDER BY id DESC").first();
    expect(row).toEqual({ action: "advertClick", advert_id: 5, session_id: "5150", screensize: "1440x900" });
  });

  it("refuses a bad field, an unknown field, more than 50 events or a body over 16 kB with 400, storing nothing", async () => {
    const before = await storedCount();
    const cases: [unknown, string][] = [
      [{ events: [event(), event({ logID: 0 })] }, "INVALID_EVENTS"],
      [{ events: [event({ action: "advertView" })] }, "INVALID_EVENTS"],
      [{ events: [event({ favourite: "colour" })] }, "INVALID_EVENTS"],
      [{ events: [event({ advertID: undefined })] }, "INVALID_EVENTS"],
      [{ events: [] }, "INVALID_EVENTS"],
      ["not json", "INVALID_EVENTS"],
      [{ events: Array.from({ length: 51 }, () => pageView) }, "TOO_MANY_EVENTS"],
      [{ events: [event({ url: `https://x.example/${"a".repeat(17_000)}` })] }, "EVENTS_TOO_LARGE"],
    ];
    for (const [body, code] of cases) {
      const res = await browser().fetch("/api/events", post(body));
      expect(res.status, code).toBe(400);
      expect(await res.json(), JSON.stringify(body).slice(0, 80)).toMatchObject({ errors: [{ code }] });
    }
    expect(await storedCount()).toBe(before);
  });

  it("is rate-limited per IP", async () => {
    const { limit, windowSeconds } = EVENTS_RATE_LIMIT;
    // Start this IP's window one below the limit instead of sending hundreds of requests.
    // Too close to the window's end, the worker's clock (Date only) moves on to the next window.
    let now = Math.floor(Date.now() / 1000);
    if (windowSeconds - (now % windowSeconds) < 3) {
      now += windowSeconds - (now % windowSeconds);
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(now * 1000);
      onTestFinished(() => {
        vi.useRealTimers();
      });
    }
    const ip = "203.0.113.77";
    await env.DB.prepare("INSERT INTO rate_limits (bucket, window_start, count) VALUES (?1, ?2, ?3)").bind(`events-ip:${ip}`, now - (now % windowSeconds), limit - 1).run();
    const b = browser();
    const before = await storedCount();
    expect((await b.fetch("/api/events", { ...post({ events: [event()] }), ip })).status).toBe(202);
    const refused = await b.fetch("/api/events", { ...post({ events: [event()] }), ip });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    expect(await storedCount()).toBe(before + 1);
    // another IP is not held back
    expect((await browser().fetch("/api/events", post({ events: [event()] }))).status).toBe(202);
  });
});
