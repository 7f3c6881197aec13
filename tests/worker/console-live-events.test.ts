import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { browser, devToken, freshIdentity, signInWithToken, type Browser } from "./auth-test-app";
import { CONSOLE_VARS, expectNotFoundPage } from "./staff-accounts";
import { fixtureBytes, fixturePlaylist, ingestService, INGEST_TOKEN, putFile } from "./live-media";
import type { StaffRole } from "../../src/domain/staff-roles";
import type { LiveEvent } from "../../src/schemas/console-live";

/**
 * The console's Live streams section (/admin/live, /api/console/live-events): who may use it,
 * the checks on its forms, the stream key it issues (once) and rotates, ending an event, and the
 * audit of each write (never the key).
 */

const JSON_HEADERS = { "content-type": "application/json" };
type Errors = { errors: { code: string; detail: string; field?: string }[] };
type Issued = { key: string; srt: { host: string; port: number; url: string; pushUrl: string }; rtmp: { host: string; port: number; url: string } };
type Written = { data: { id: string; attributes: { event: LiveEvent; issued?: Issued } } };

/** A signed-in member of staff holding `roles`, on an app with the ingest configured (or not). */
async function member(prefix: string, roles: StaffRole[], ingest = true): Promise<{ b: Browser; ssoID: string }> {
  const identity = freshIdentity(prefix);
  const b = browser({ ...CONSOLE_VARS, ...(ingest ? { INGEST_TOKEN } : {}) });
  const res = await signInWithToken(b, (nonce) => devToken(identity, { nonce }));
  expect(res.status).toBe(302);
  for (const role of roles) await env.DB.prepare("INSERT INTO staff_roles (account, role, granted_by) VALUES (?1, ?2, 'test')").bind(identity.ssoID, role).run();
  return { b, ssoID: identity.ssoID };
}

const post = (b: Browser, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  b.fetch(`/api/console${path}`, { method: "POST", headers: { ...JSON_HEADERS, ...headers }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

const NEW_EVENT = { title: "Live: Reserve cup tie", description: "The reserves' cup tie, live.", mediaType: "video", matchId: null, tier: "mid", matchPass: false, startsAt: "2026-12-05T15:00:00Z" };

async function create(b: Browser, body: unknown = NEW_EVENT) {
  const res = await post(b, "/live-events", body);
  return { status: res.status, body: (await res.json()) as Written & Errors };
}

const eventCount = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM live_stream_assets").first<{ n: number }>())!.n;
const startPush = (id: string, key: string) =>
  ingestService().call(`/api/ingest/events/${id}/start`, { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ key }) });
const codeOf = async (res: Response) => ((await res.json()) as Errors).errors[0]!.code;

describe("who may use the Live streams section", () => {
  it("is the 404 for a supporter and a visitor, 403 for staff without live.manage (the refused write audited), open to an editor", async () => {
    const visitor = browser({ ...CONSOLE_VARS, INGEST_TOKEN });
    expect((await visitor.fetch("/api/console/live-events")).status).toBe(404);
    await expectNotFoundPage(visitor, "/admin/live");
    const supporter = await member("live-supporter", []);
    expect((await supporter.b.fetch("/api/console/live-events")).status).toBe(404);
    expect((await post(supporter.b, "/live-events", NEW_EVENT)).status).toBe(404);

    const support = await member("live-support", ["support"]);
    expect((await support.b.fetch("/api/console/live-events")).status).toBe(403);
    expect((await support.b.fetch("/admin/live")).status).toBe(403);
    const before = await eventCount();
    const refused = await post(support.b, "/live-events", NEW_EVENT);
    expect(refused.status).toBe(403);
    expect(await codeOf(refused)).toBe("CAPABILITY_REQUIRED");
    expect(await eventCount()).toBe(before);
    const audit = await env.DB.prepare("SELECT status, detail FROM admin_audit_log WHERE actor = ?1").bind(`staff:${support.ssoID}`).first<{ status: number; detail: string }>();
    expect(audit).toMatchObject({ status: 403 });
    expect(JSON.parse(audit!.detail)).toMatchObject({ capability: "live.manage" });

    const editor = await member("live-editor", ["editor"]);
    const list = await editor.b.fetch("/api/console/live-events");
    expect(list.status).toBe(200);
    const events = ((await list.json()) as { data: { attributes: { events: LiveEvent[] } } }).data.attributes.events;
    expect(events.map((e) => e.id)).toContain("press-conference");
    const page = await editor.b.fetch("/admin/live");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    expect(await page.text()).toContain("Live streams");
  });

  it("refuses a write from another site's page (403 CSRF) and writes nothing", async () => {
    const { b } = await member("live-csrf", ["administrator"]);
    const before = await eventCount();
    const res = await post(b, "/live-events", NEW_EVENT, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await codeOf(res)).toBe("CSRF");
    expect((await post(b, "/live-events/press-conference/key", undefined, { origin: "https://evil.example" })).status).toBe(403);
    expect(await eventCount()).toBe(before);
  });
});

describe("creating and editing a live event", () => {
  it("refuses bad fields beside each field (400), an unknown fixture, a match pass without one, and writes nothing", async () => {
    const { b } = await member("live-checker", ["editor"]);
    const before = await eventCount();
    const bad = await create(b, { title: "  ", mediaType: "tv", tier: "gold", startsAt: "next friday", matchId: "x" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e) => e.field).sort()).toEqual(["matchId", "mediaType", "startsAt", "tier", "title"]);
    expect(bad.body.errors.find((e) => e.field === "title")?.detail).toBe("Enter a title");
    const unknown = await create(b, { ...NEW_EVENT, matchId: 999_999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ code: "INVALID_INPUT", field: "matchId", detail: "Choose a fixture from the list" }]);
    const pass = await create(b, { ...NEW_EVENT, matchPass: true });
    expect(pass.body.errors).toEqual([{ code: "INVALID_INPUT", field: "matchPass", detail: "A match pass needs a linked fixture" }]);
    expect((await b.fetch("/api/console/live-events", { method: "POST", headers: JSON_HEADERS, body: "{not json" })).status).toBe(400);
    expect(await eventCount()).toBe(before);
  });

  it("creates an idle event with its first key shown once, whose push the ingest accepts; an edit changes its details and tier; each audited with before and after, never the key", async () => {
    const { b, ssoID } = await member("live-maker", ["editor"]);
    const match = (await env.DB.prepare("SELECT id FROM matches WHERE status = 'fixture' ORDER BY kickoff LIMIT 1").first<{ id: number }>())!;
    const made = await create(b, { ...NEW_EVENT, matchId: match.id, matchPass: true });
    expect(made.status).toBe(201);
    const { event, issued } = made.body.data.attributes;
    expect(event).toMatchObject({ title: NEW_EVENT.title, status: "idle", mediaType: "video", keyVersion: 1, runs: 0, tier: "mid", matchPass: true, matchId: match.id, startsAt: "2026-12-05T15:00:00.000Z" });
    expect(event.entitlements).toEqual(["roverstv", "roverstv+", "vip", `matchpass-${match.id}`]);
    expect(event.matchLabel).toMatch(/ v /);
    expect(issued!.key).toMatch(/^[0-9a-f]{48}$/);
    expect(issued!.srt.pushUrl).toBe(`${issued!.srt.url}?passphrase=${issued!.key}&pbkeylen=32`);
    // RTMP beside it: the same host, the gate's one port, app live (the key is the stream key).
    expect(issued!.rtmp.url).toBe(`rtmp://${issued!.srt.host}:${issued!.rtmp.port}/live`);
    // Once: the list and the page never carry it again.
    const list = await (await b.fetch("/api/console/live-events")).text();
    expect(list).toContain(event.id);
    expect(list).not.toContain(issued!.key);
    expect(await (await b.fetch("/admin/live")).text()).not.toContain(issued!.key);

    const started = await startPush(event.id, issued!.key);
    expect(started.status).toBe(200);
    const edited = await b.fetch(`/api/console/live-events/${event.id}`, {
      method: "PUT",
      headers: JSON_HEADERS,
      body: JSON.stringify({ title: "Live: Reserve cup final", description: "", matchId: null, tier: "top", matchPass: false, startsAt: null }),
    });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as Written).data.attributes.event).toMatchObject({ title: "Live: Reserve cup final", tier: "top", entitlements: ["roverstv+", "vip"], matchId: null, startsAt: null, mediaType: "video" });

    const { results } = await env.DB.prepare("SELECT action, status, detail FROM admin_audit_log WHERE target = ?1 AND actor = ?2 ORDER BY id")
      .bind(event.id, `staff:${ssoID}`)
      .all<{ action: string; status: number; detail: string }>();
    expect(results.map((r) => [r.action, r.status])).toEqual([
      ["live-event.create", 201],
      ["live-event.update", 200],
    ]);
    const update = JSON.parse(results[1]!.detail) as { before: { title: string; runs: number }; after: { title: string; keyVersion: number } };
    expect(update.before).toMatchObject({ title: NEW_EVENT.title, runs: 1 });
    expect(update.after).toMatchObject({ title: "Live: Reserve cup final", keyVersion: 1 });
    for (const r of results) expect(r.detail).not.toContain(issued!.key);
  });

  it("without the ingest configured refuses (503) before writing anything", async () => {
    const { b } = await member("live-unconfigured", ["administrator"], false);
    const before = await eventCount();
    const res = await create(b);
    expect(res.status).toBe(503);
    expect(res.body.errors[0]!.code).toBe("INGEST_NOT_CONFIGURED");
    expect(await eventCount()).toBe(before);
  });
});

describe("a live event's key and end", () => {
  it("rotating answers a new key once; the old key's next connection is refused and the new one accepted; audited without either key", async () => {
    const { b, ssoID } = await member("live-rotator", ["administrator"]);
    const { event, issued } = (await create(b)).body.data.attributes;
    const rotated = await post(b, `/live-events/${event.id}/key`);
    expect(rotated.status).toBe(200);
    const next = ((await rotated.json()) as Written).data.attributes;
    expect(next.event.keyVersion).toBe(2);
    expect(next.issued!.key).not.toBe(issued!.key);
    expect(next.issued!.srt.port).toBe(issued!.srt.port);

    const old = await startPush(event.id, issued!.key);
    expect(old.status).toBe(403);
    expect(await codeOf(old)).toBe("STREAM_KEY_REFUSED");
    expect((await startPush(event.id, next.issued!.key)).status).toBe(200);

    const { results } = await env.DB.prepare("SELECT action, status, detail FROM admin_audit_log WHERE target = ?1 AND actor = ?2 ORDER BY id")
      .bind(event.id, `staff:${ssoID}`)
      .all<{ action: string; status: number; detail: string }>();
    expect(results.map((r) => r.action)).toEqual(["live-event.create", "live-event.rotate-key"]);
    expect(JSON.parse(results[1]!.detail)).toMatchObject({ before: { keyVersion: 1 }, after: { keyVersion: 2 } });
    for (const r of results) {
      expect(r.detail).not.toContain(issued!.key);
      expect(r.detail).not.toContain(next.issued!.key);
    }
    expect((await post(b, "/live-events/no-such-event/key")).status).toBe(404);
  });

  it("ending takes the event off air: its running push and a new start are refused, the ingest stops listening, no further key or end", async () => {
    const { b, ssoID } = await member("live-ender", ["editor"]);
    const { event, issued } = (await create(b)).body.data.attributes;
    const ingest = ingestService();
    const run = ((await (await startPush(event.id, issued!.key)).json()) as { data: { run: number } }).data.run;
    expect((await putFile(ingest, event.id, `r${run}-init.mp4`, fixtureBytes("video", "r1-init.mp4"), "video/mp4")).status).toBe(201);

    const ended = await post(b, `/live-events/${event.id}/end`);
    expect(ended.status).toBe(200);
    expect(((await ended.json()) as Written).data.attributes.event.status).toBe("disabled");
    const refusedFile = await putFile(ingest, event.id, "index.m3u8", fixturePlaylist("video", run), "application/vnd.apple.mpegurl");
    expect(refusedFile.status).toBe(409);
    expect(await codeOf(refusedFile)).toBe("EVENT_ENDED");
    expect(await codeOf(await startPush(event.id, issued!.key))).toBe("EVENT_ENDED");
    const listening = (await (await ingest.call("/api/ingest/events")).json()) as { data: { id: string }[] };
    expect(listening.data.map((e) => e.id)).not.toContain(event.id);

    const again = await post(b, `/live-events/${event.id}/end`);
    expect(again.status).toBe(409);
    expect((await post(b, `/live-events/${event.id}/key`)).status).toBe(409);
    const { results } = await env.DB.prepare("SELECT action, status, detail FROM admin_audit_log WHERE target = ?1 AND actor = ?2 ORDER BY id")
      .bind(event.id, `staff:${ssoID}`)
      .all<{ action: string; status: number; detail: string }>();
    expect(results.map((r) => [r.action, r.status])).toEqual([
      ["live-event.create", 201],
      ["live-event.end", 200],
      ["live-event.end", 409],
      ["live-event.rotate-key", 409],
    ]);
    expect(JSON.parse(results[1]!.detail)).toMatchObject({ before: { status: "active", runs: 1 }, after: { status: "disabled" } });
  });
});
