import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Identity } from "../../worker/accounts/identity";
import { browser, devToken, signInWithToken, type Browser } from "./auth-test-app";
import { account, adminHeaders, CONSOLE_VARS as VARS, expectNotFoundPage as expectNotFound, staffAccount } from "./staff-accounts";
import { countAdmission } from "../../worker/live/live-counts";
import { markReleased } from "../../durable-objects/released-stream-sessions";
import type { LiveNow } from "../../src/schemas/console";
import { goLive } from "./live-media";

/** The staff role, the console's 404 for everyone else, 'Live now'. */

const admin = adminHeaders;
const MEN_AUDIO = "men-audio-commentary"; // roverstv+, active
const CHROME_ON_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";

async function liveNow(b: Browser): Promise<LiveNow> {
  const res = await b.fetch("/api/console/live");
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toContain("no-store");
  return ((await res.json()) as { data: { attributes: LiveNow } }).data.attributes;
}

const viewersOf = (live: LiveNow, assetID: string) => live.streams.find((s) => s.assetID === assetID)?.viewers ?? 0;

/** The men's audio on air (the ingest's media, tests/worker/live-media.ts), then a session check for it. */
async function check(b: Browser) {
  await goLive(MEN_AUDIO, "audio");
  return b.fetch("/api/session/check", {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": CHROME_ON_WINDOWS },
    body: JSON.stringify({ data: { attributes: { videoID: MEN_AUDIO, mediaType: "audio" } } }),
  });
}

const expectNotFoundPage = (b: Browser, path = "/admin") => expectNotFound(b, path);

describe("the staff role", () => {
  it("is granted and revoked through the admin API, audited; the account's next request sees it", async () => {
    const { b, identity } = await account("role");
    expect((await b.fetch("/api/console/live")).status).toBe(404);

    const grant = await b.fetch(`/api/admin/accounts/${identity.ssoID}/grant-staff`, { method: "POST", headers: { ...admin, "x-admin-actor": "ops@rovers" } });
    expect(grant.status).toBe(200);
    expect(await grant.json()).toMatchObject({ data: { id: identity.ssoID, attributes: { staff: true } } });
    expect((await b.fetch("/api/console/live")).status).toBe(200);
    expect((await b.fetch("/admin")).status).toBe(200);

    // Another administrator, so this one is not the last (tests/worker/last-administrator.test.ts).
    await staffAccount();
    const revoke = await b.fetch(`/api/admin/accounts/${identity.ssoID}/revoke-staff`, { method: "POST", headers: admin });
    expect(await revoke.json()).toMatchObject({ data: { attributes: { staff: false } } });
    expect((await b.fetch("/api/console/live")).status).toBe(404);
    await expectNotFoundPage(b);

    const { results } = await env.DB.prepare("SELECT actor, action, status FROM admin_audit_log WHERE target = ?1 ORDER BY id").bind(identity.ssoID).all();
    expect(results).toEqual([
      { actor: "ops@rovers", action: "accounts.grant-staff", status: 200 },
      { actor: "admin", action: "accounts.revoke-staff", status: 200 },
    ]);
  });

  it("answers 404 ACCOUNT_NOT_FOUND for an unknown account, and 401 without the admin token", async () => {
    const b = browser(VARS);
    const unknown = await b.fetch("/api/admin/accounts/nobody-here/grant-staff", { method: "POST", headers: admin });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ errors: [{ code: "ACCOUNT_NOT_FOUND" }] });
    expect((await b.fetch("/api/admin/accounts/nobody-here/grant-staff", { method: "POST" })).status).toBe(401);
  });

  it("comes with the demo account staff@rovers.test", async () => {
    const b = browser(VARS);
    const res = await signInWithToken(b, (nonce) => devToken({ ssoID: "demo-staff", email: "staff@rovers.test", forename: "Sam", surname: "Staff" } as Identity, { nonce }));
    expect(res.status).toBe(302);
    // The dev portal writes the demo fixture on first sign-in: the staff role with it.
    expect(await env.DB.prepare("SELECT staff FROM accounts WHERE sso_id = 'demo-staff'").first()).toEqual({ staff: 1 });
    expect((await b.fetch("/api/console/live")).status).toBe(200);
  });
});

describe("the console for everyone else", () => {
  it("is the site's 404 page at /admin for a visitor and a signed-in supporter, never stored", async () => {
    await expectNotFoundPage(browser());
    const { b } = await account("fan", ["roverstv+"]);
    await expectNotFoundPage(b);
    await expectNotFoundPage(b, "/admin/");
  });

  it("is the API's 404 at /api/console/* for a visitor and a supporter", async () => {
    const { b } = await account("fan2");
    for (const who of [browser(), b]) {
      for (const path of ["/api/console/live", "/api/console/nothing"]) {
        const res = await who.fetch(path);
        expect(res.status, path).toBe(404);
        expect(await res.json()).toMatchObject({ errors: [{ code: "NOT_FOUND" }] });
      }
    }
  });

  it("shows staff the console, past the page cache", async () => {
    const { b } = await staffAccount();
    const res = await b.fetch("/admin");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const html = await res.text();
    expect(html).toContain("Live now");
    expect(html).toContain("Club console");
    // A visitor right after still gets the 404, not a stored copy.
    await expectNotFoundPage(browser());
  });
});

describe("'Live now'", () => {
  it("counts admissions, a refusal at the limit and releases, per stream and device", async () => {
    const { b: staff } = await staffAccount();
    const before = await liveNow(staff);
    const { b: viewer } = await account("viewer", ["roverstv+"]);

    expect((await check(viewer)).status).toBe(200);
    expect((await check(viewer)).status).toBe(200);
    expect((await check(viewer)).status).toBe(403); // ERR_54648_1: the limit of 2

    const during = await liveNow(staff);
    expect(during.totalViewers).toBe(before.totalViewers + 2);
    expect(viewersOf(during, MEN_AUDIO)).toBe(viewersOf(before, MEN_AUDIO) + 2);
    const devices = during.streams.find((s) => s.assetID === MEN_AUDIO)?.devices ?? [];
    expect(devices).toContainEqual({ device: "Chrome on Windows", sessions: expect.any(Number) });
    expect(during.refusals).toHaveLength(30);
    const refusedBefore = before.refusals.reduce((n, r) => n + r.refusals, 0);
    const refusedDuring = during.refusals.reduce((n, r) => n + r.refusals, 0);
    expect(refusedDuring).toBe(refusedBefore + 1);
    expect(during.refusals.at(-1)?.refusals).toBeGreaterThanOrEqual(1);

    // A Log Out releases the streams of its site session: the object deletes their open rows.
    expect((await viewer.fetch("/auth/logout", { method: "POST", headers: { accept: "application/json" } })).status).toBe(200);
    const after = await liveNow(staff);
    expect(after.totalViewers).toBe(before.totalViewers);
    expect(viewersOf(after, MEN_AUDIO)).toBe(viewersOf(before, MEN_AUDIO));
  });

  it("never counts a session already released when its admission is written", async () => {
    const id = crypto.randomUUID();
    await markReleased(env.DB, [id]);
    await countAdmission(env.DB, { id, assetID: MEN_AUDIO, userAgent: CHROME_ON_WINDOWS });
    expect(await env.DB.prepare("SELECT 1 FROM open_stream_sessions WHERE id = ?1").bind(id).first()).toBeNull();
    const other = crypto.randomUUID();
    await countAdmission(env.DB, { id: other, assetID: MEN_AUDIO, userAgent: CHROME_ON_WINDOWS });
    expect(await env.DB.prepare("SELECT device FROM open_stream_sessions WHERE id = ?1").bind(other).first()).toEqual({ device: "Chrome on Windows" });
    await markReleased(env.DB, [other]);
    expect(await env.DB.prepare("SELECT 1 FROM open_stream_sessions WHERE id = ?1").bind(other).first()).toBeNull();
  });

  it("counts the supporters connected to a match room near its kick-off", async () => {
    const { b: staff } = await staffAccount();
    const match = await env.DB.prepare("SELECT id FROM matches WHERE status = 'fixture' ORDER BY id LIMIT 1").first<{ id: number }>();
    if (!match) throw new Error("no fixture in the seed");
    await env.DB.prepare("UPDATE matches SET kickoff = ?2 WHERE id = ?1").bind(match.id, new Date(Date.now() + 30 * 60_000).toISOString()).run();
    const room = (live: LiveNow) => live.matchRooms.find((r) => r.matchID === match.id);
    expect(room(await liveNow(staff))?.supporters).toBe(0);

    const res = await browser().fetch(`/ws/matches/${match.id}`, { headers: { upgrade: "websocket" } });
    expect(res.status).toBe(101);
    const ws = res.webSocket;
    if (!ws) throw new Error("no socket");
    ws.accept();
    expect(room(await liveNow(staff))?.supporters).toBe(1);
    ws.close();
  });
});
