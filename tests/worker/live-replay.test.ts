import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { browser, devToken, freshIdentity, signInWithToken, type Browser } from "./auth-test-app";
import { CONSOLE_VARS } from "./staff-accounts";
import { fixtureBytes, goLive, INGEST_TOKEN } from "./live-media";
import { liveObjectKey } from "../../worker/live-ingest/ingest-events";
import { emptyQueue, ladderFiles, RENDITIONS, transcoder, TRANSCODER_TOKEN } from "./video-pipeline-fixtures";
import type { StaffRole } from "../../src/domain/staff-roles";
import type { LiveEvent } from "../../src/schemas/console-live";
import type { ReplayAnswer } from "../../src/schemas/console-replay";

/**
 * Live to replay: an event's recording on its console page, the marks, 'Make the replay' (one
 * video however many presses), the job API streaming the recording's parts as fMP4 files, the
 * replay an event publishes by itself when it ends, who may, and the audit of each write; an
 * audio event's replay the same way, and a recording file gone from R2.
 */

const JSON_HEADERS = { "content-type": "application/json" };
type Errors = { errors: { code: string; detail: string; field?: string }[] };
type Claim = { job: { id: string }; leaseId: string; source: { bytes: number; title?: string; recording?: { startSeconds: number; endSeconds: number; parts: { bytes: number; fromSeconds: number; toSeconds: number }[] } } };

async function member(prefix: string, roles: StaffRole[]): Promise<{ b: Browser; ssoID: string }> {
  const identity = freshIdentity(prefix);
  const b = browser({ ...CONSOLE_VARS, INGEST_TOKEN, TRANSCODER_TOKEN });
  expect((await signInWithToken(b, (nonce) => devToken(identity, { nonce }))).status).toBe(302);
  for (const role of roles) await env.DB.prepare("INSERT INTO staff_roles (account, role, granted_by) VALUES (?1, ?2, 'test')").bind(identity.ssoID, role).run();
  return { b, ssoID: identity.ssoID };
}

const send = (b: Browser, method: string, path: string, body?: unknown) =>
  b.fetch(`/api/console${path}`, { method, headers: JSON_HEADERS, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

async function newEvent(b: Browser, more: Record<string, unknown> = {}): Promise<LiveEvent> {
  const res = await send(b, "POST", "/live-events", { title: "Live: Reserves v Hale", mediaType: "video", tier: "mid", ...more });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { data: { attributes: { event: LiveEvent } } }).data.attributes.event;
}

const codeOf = async (res: Response) => ((await res.json()) as Errors).errors;
const replayState = async (b: Browser, id: string) => ((await (await b.fetch(`/api/console/live-events/${id}/replay`)).json()) as ReplayAnswer).data.attributes;
const replayVideos = (id: string) =>
  env.DB.prepare("SELECT v.entry_id, v.title, v.publication_status, v.entitlements, v.category_id, v.duration_seconds FROM videos v JOIN video_sources s ON s.id = v.source_id WHERE s.recording_event_id = ?1")
    .bind(id)
    .all<{ entry_id: string; title: string; publication_status: string; entitlements: string; category_id: number; duration_seconds: number }>();
const auditOf = (action: string, target: string) =>
  env.DB.prepare("SELECT status, detail FROM admin_audit_log WHERE action = ?1 AND target = ?2 ORDER BY id").bind(action, target).all<{ status: number; detail: string }>();

async function claim(): Promise<Claim> {
  const res = await transcoder().post("/claim", { transcoder: "replay-test" });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: Claim }).data;
}

/** The fixture's run as one file: its init, then its segments in order. */
const runBytes = (segments = ["r1-seg0.m4s", "r1-seg1.m4s", "r1-seg2.m4s"]) => runBytesOf("video", segments);

function runBytesOf(kind: "video" | "audio", segments: string[]): Uint8Array {
  const files = [fixtureBytes(kind, "r1-init.mp4"), ...segments.map((s) => fixtureBytes(kind, s))];
  const out = new Uint8Array(files.reduce((n, f) => n + f.byteLength, 0));
  let at = 0;
  for (const f of files) {
    out.set(f, at);
    at += f.byteLength;
  }
  return out;
}

beforeEach(emptyQueue);

describe("an event's recording and marks", () => {
  it("has nothing to make a replay of before any push: NO_RECORDING, audited", async () => {
    const { b } = await member("replay-none", ["administrator"]);
    const event = await newEvent(b);
    expect(event.replayMode).toBe("staff");
    expect((await replayState(b, event.id)).recording).toBeNull();
    const made = await send(b, "POST", `/live-events/${event.id}/replay`, {});
    expect(made.status).toBe(409);
    expect((await codeOf(made))[0]!.code).toBe("NO_RECORDING");
    expect((await send(b, "PUT", `/live-events/${event.id}/replay-marks`, { start: "0:01", end: "0:02" })).status).toBe(409);
    expect((await b.fetch(`/api/console/live-events/${event.id}/recording.m3u8`)).status).toBe(409);
    expect((await auditOf("live-event.replay", event.id)).results.map((r) => r.status)).toEqual([409]);
    expect((await replayVideos(event.id)).results).toEqual([]);
  });

  it("shows the recording's length, previews it, and checks the marks field by field", async () => {
    const { b } = await member("replay-marks", ["editor"]);
    const event = await newEvent(b);
    await goLive(event.id, "video");
    const { recording } = await replayState(b, event.id);
    expect(recording).toMatchObject({ lengthSeconds: 6, runs: [{ run: 1, seconds: 6, segments: 3 }] });
    const playlist = await b.fetch(`/api/console/live-events/${event.id}/recording.m3u8`);
    expect(playlist.status).toBe(200);
    expect(await playlist.text()).toContain("recording/r1-seg2.m4s");
    const segment = await b.fetch(`/api/console/live-events/${event.id}/recording/r1-seg1.m4s`);
    expect(new Uint8Array(await segment.arrayBuffer())).toEqual(fixtureBytes("video", "r1-seg1.m4s"));
    expect((await b.fetch(`/api/console/live-events/${event.id}/recording/index.m3u8`)).status).toBe(404);

    const bad = await send(b, "PUT", `/live-events/${event.id}/replay-marks`, { start: "soon", end: "0:09" });
    expect(bad.status).toBe(400);
    const errors = await codeOf(bad);
    expect(errors.map((e) => [e.field, e.code])).toEqual([
      ["start", "MARK_FORMAT"],
      ["end", "MARK_BEYOND_END"],
    ]);
    expect(errors[1]!.detail).toContain("0:06");
    const order = await send(b, "PUT", `/live-events/${event.id}/replay-marks`, { start: "0:04", end: "0:01" });
    expect((await codeOf(order)).map((e) => [e.field, e.code])).toEqual([["end", "MARKS_ORDER"]]);

    const saved = await send(b, "PUT", `/live-events/${event.id}/replay-marks`, { start: "0:01", end: "0:05.5" });
    expect(saved.status).toBe(200);
    const row = await env.DB.prepare("SELECT replay_start_seconds AS s, replay_end_seconds AS e FROM live_stream_assets WHERE id = ?1").bind(event.id).first();
    expect(row).toEqual({ s: 1, e: 5.5 });
    const audits = (await auditOf("live-event.replay-marks", event.id)).results;
    expect(audits.map((a) => a.status)).toEqual([400, 400, 200]);
    expect(JSON.parse(audits[2]!.detail)).toMatchObject({ before: { marks: { startSeconds: null, endSeconds: null } }, after: { marks: { startSeconds: 1, endSeconds: 5.5 } } });
  });

  it("refuses staff without live.manage (audited) and making a replay is for staff who may add videos", async () => {
    const { b: admin } = await member("replay-admin", ["administrator"]);
    const event = await newEvent(admin);
    await goLive(event.id, "video");
    const support = await member("replay-support", ["support"]);
    const refused = await send(support.b, "POST", `/live-events/${event.id}/replay`, {});
    expect(refused.status).toBe(403);
    expect((await codeOf(refused))[0]!.code).toBe("CAPABILITY_REQUIRED");
    expect((await support.b.fetch(`/api/console/live-events/${event.id}/recording.m3u8`)).status).toBe(403);
    expect((await support.b.fetch(`/admin/live/${event.id}`)).status).toBe(403);
    const audit = await env.DB.prepare("SELECT status FROM admin_audit_log WHERE actor = ?1").bind(`staff:${support.ssoID}`).first();
    expect(audit).toEqual({ status: 403 });
    expect((await replayVideos(event.id)).results).toEqual([]);
    const visitor = browser({ ...CONSOLE_VARS, INGEST_TOKEN });
    expect((await visitor.fetch(`/api/console/live-events/${event.id}/recording/r1-seg0.m4s`)).status).toBe(404);
    const page = await admin.fetch(`/admin/live/${event.id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Make the replay");
  });
});

describe("making the replay", () => {
  it("makes one video for two presses at once, with the event's title, match category and tier, then REPLAY_EXISTS", async () => {
    const { b } = await member("replay-twice", ["administrator"]);
    const match = await env.DB.prepare("SELECT id FROM matches ORDER BY kickoff DESC LIMIT 1").first<{ id: number }>();
    const event = await newEvent(b, { matchId: match!.id, tier: "top", matchPass: true });
    await goLive(event.id, "video");
    const presses = await Promise.all([send(b, "POST", `/live-events/${event.id}/replay`, { start: "0:01", end: "0:05" }), send(b, "POST", `/live-events/${event.id}/replay`, { start: "0:01", end: "0:05" })]);
    expect(presses.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = presses.find((r) => r.status === 409)!;
    expect((await codeOf(loser))[0]!.code).toBe("REPLAY_EXISTS");
    const videos = (await replayVideos(event.id)).results;
    expect(videos).toHaveLength(1);
    const category = await env.DB.prepare("SELECT id FROM video_categories WHERE slug = 'full-match-replays'").first<{ id: number }>();
    expect(videos[0]).toMatchObject({ title: "Reserves v Hale (replay)", publication_status: "draft", category_id: category!.id });
    expect(JSON.parse(videos[0]!.entitlements)).toEqual(["roverstv+", "vip", `matchpass-${match!.id}`]);
    const linked = await env.DB.prepare("SELECT match_id FROM videos WHERE entry_id = ?1").bind(videos[0]!.entry_id).first();
    expect(linked).toEqual({ match_id: match!.id });
    const { replays } = await replayState(b, event.id);
    expect(replays).toMatchObject([{ entryId: videos[0]!.entry_id, startSeconds: 1, endSeconds: 5, durationSeconds: 4, job: { status: "queued" }, publishWhenReady: false }]);
    const audits = (await auditOf("live-event.replay", event.id)).results;
    expect(audits.map((a) => a.status).sort()).toEqual([201, 409]);
    const done = JSON.parse(audits.find((a) => a.status === 201)!.detail);
    expect(done.before.replays).toEqual([]);
    expect(done.after.replays).toMatchObject([{ entryId: videos[0]!.entry_id, status: "queued" }]);
    // A failed replay may be made again.
    await env.DB.prepare("UPDATE transcode_jobs SET status = 'failed' WHERE source_id IN (SELECT id FROM video_sources WHERE recording_event_id = ?1)").bind(event.id).run();
    expect((await send(b, "POST", `/live-events/${event.id}/replay`, {})).status).toBe(201);
  });

  it("gives the transcoder each run inside the marks as one fMP4, in order, with its length, Range, and only to the lease holder", async () => {
    const { b } = await member("replay-source", ["administrator"]);
    const event = await newEvent(b);
    await goLive(event.id, "video");
    // The push dropped and came back: a second run of the same three segments.
    const second = await goLive(event.id, "video");
    expect(second.run).toBe(2);
    expect((await replayState(b, event.id)).recording).toMatchObject({ lengthSeconds: 12, runs: [{ run: 1 }, { run: 2 }] });
    expect((await send(b, "POST", `/live-events/${event.id}/replay`, { start: "0:03", end: "0:08.5" })).status).toBe(201);

    const claimed = await claim();
    expect(claimed.source.recording).toEqual({
      startSeconds: 3,
      endSeconds: 8.5,
      parts: [
        { bytes: runBytes(["r1-seg1.m4s", "r1-seg2.m4s"]).byteLength, fromSeconds: 1, toSeconds: 4 },
        { bytes: runBytes(["r1-seg0.m4s", "r1-seg1.m4s"]).byteLength, fromSeconds: 0, toSeconds: 2.5 },
      ],
    });
    const t = transcoder();
    const source = (part: number, headers: Record<string, string> = {}) => t.call(`/jobs/${claimed.job.id}/source?part=${part}`, { headers: { "x-lease-id": claimed.leaseId, ...headers } });
    const first = await source(1);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-length")).toBe(String(claimed.source.recording!.parts[0]!.bytes));
    expect(new Uint8Array(await first.arrayBuffer())).toEqual(runBytes(["r1-seg1.m4s", "r1-seg2.m4s"]));
    const secondPart = new Uint8Array(await (await source(2)).arrayBuffer());
    expect(secondPart).toEqual(runBytes(["r1-seg0.m4s", "r1-seg1.m4s"]));
    const ranged = await source(2, { range: "bytes=1000-20999" });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-range")).toBe(`bytes 1000-20999/${secondPart.byteLength}`);
    expect(new Uint8Array(await ranged.arrayBuffer())).toEqual(secondPart.slice(1000, 21000));
    expect((await source(3)).status).toBe(404);

    const wrongLease = await t.call(`/jobs/${claimed.job.id}/source?part=1`, { headers: { "x-lease-id": crypto.randomUUID() } });
    expect(wrongLease.status).toBe(409);
    expect((await codeOf(wrongLease))[0]!.code).toBe("LEASE_LOST");
    const wrongToken = await transcoder("wrong-token-of-enough-length-0123456789").call(`/jobs/${claimed.job.id}/source?part=1`, { headers: { "x-lease-id": claimed.leaseId } });
    expect(wrongToken.status).toBe(401);
  });
});

describe("'Publish the replay by itself'", () => {
  it("makes the replay when staff end the event and publishes it when its media is ready, lasting what was trimmed", async () => {
    const { b } = await member("replay-auto", ["administrator"]);
    const event = await newEvent(b, { title: "Manager's press conference", replayMode: "auto" });
    expect(event.replayMode).toBe("auto");
    await goLive(event.id, "video");
    expect((await send(b, "PUT", `/live-events/${event.id}/replay-marks`, { start: "0:00.5", end: "" })).status).toBe(200);
    const ended = await send(b, "POST", `/live-events/${event.id}/end`);
    expect(ended.status).toBe(200);
    const { replay } = ((await ended.json()) as { data: { attributes: { replay: { entryId: string } } } }).data.attributes;
    const [video] = (await replayVideos(event.id)).results;
    expect(video).toMatchObject({ entry_id: replay.entryId, title: "Manager's press conference (replay)", publication_status: "draft" });
    const endAudit = (await auditOf("live-event.end", event.id)).results.at(-1)!;
    expect(JSON.parse(endAudit.detail)).toMatchObject({ before: { status: expect.any(String) }, after: { status: "disabled", replayMode: "auto" }, replay: { entryId: replay.entryId } });

    const claimed = await claim();
    expect(claimed.source.recording).toMatchObject({ startSeconds: 0.5, endSeconds: 6 });
    const t = transcoder();
    for (const [name, type, body] of ladderFiles()) {
      const res = await t.call(`/jobs/${claimed.job.id}/outputs/${name}`, { method: "PUT", headers: { "x-lease-id": claimed.leaseId, "content-type": type }, body });
      expect(res.status).toBe(201);
    }
    const complete = await t.post(`/jobs/${claimed.job.id}/complete`, { leaseId: claimed.leaseId, durationSeconds: 5.5, renditions: RENDITIONS });
    expect(complete.status).toBe(200);
    const [published] = (await replayVideos(event.id)).results;
    expect(published).toMatchObject({ publication_status: "published", duration_seconds: 6 });
    const audit = await env.DB.prepare("SELECT actor, status FROM admin_audit_log WHERE action = 'video.publish' AND target = ?1").bind(`video:${replay.entryId}`).first();
    expect(audit).toEqual({ actor: "system:transcoder", status: 200 });
    const search = await browser().fetch(`/api/videos/search?title=${encodeURIComponent("press conference (replay)")}`);
    expect(await search.text()).toContain(replay.entryId);
  });

  it("ends an event with nothing recorded all the same", async () => {
    const { b } = await member("replay-auto-empty", ["administrator"]);
    const event = await newEvent(b, { replayMode: "auto" });
    const ended = await send(b, "POST", `/live-events/${event.id}/end`);
    expect(ended.status).toBe(200);
    expect(((await ended.json()) as { data: { attributes: { replay: unknown } } }).data.attributes.replay).toEqual({ refused: "NO_RECORDING" });
  });
});

describe("an audio event's replay", () => {
  it("is staff published by default, any setting allowed, 'No replay' refused", async () => {
    const { b } = await member("replay-audio-modes", ["administrator"]);
    const audio = await newEvent(b, { title: "Commentary: Rovers v Hale", mediaType: "audio", tier: "top" });
    expect(audio.replayMode).toBe("staff");
    const auto = await newEvent(b, { title: "Commentary", mediaType: "audio", tier: "top", replayMode: "auto" });
    expect(auto.replayMode).toBe("auto");
    const none = await newEvent(b, { title: "Commentary", mediaType: "audio", tier: "top", replayMode: "none" });
    await goLive(none.id, "audio");
    const noReplay = await send(b, "POST", `/live-events/${none.id}/replay`, {});
    expect(noReplay.status).toBe(409);
    expect((await codeOf(noReplay))[0]!.code).toBe("NO_REPLAY");
  });

  it("makes '<title> (replay)' with the event's tier from the audio recording (6 s segments), its parts served as fMP4 with the title for the card", async () => {
    const { b } = await member("replay-audio", ["administrator"]);
    const event = await newEvent(b, { title: "Live: Commentary, Rovers v Hale", mediaType: "audio", tier: "top" });
    await goLive(event.id, "audio");
    await goLive(event.id, "audio");
    // Each run: 6.016 + 5.994667 + 0.021333 s, as its playlist's EXTINF says.
    const { recording } = await replayState(b, event.id);
    expect(recording).toMatchObject({ lengthSeconds: 24.064, runs: [{ run: 1, segments: 3 }, { run: 2, segments: 3 }] });
    const playlist = await (await b.fetch(`/api/console/live-events/${event.id}/recording.m3u8`)).text();
    expect(playlist).toContain("#EXTINF:6.016000,");
    expect(playlist).toContain("recording/r2-seg1.m4s");
    const page = await b.fetch(`/admin/live/${event.id}`);
    const html = await page.text();
    expect(html).toContain("<audio");
    expect(html).toContain("Make the replay");

    const made = await send(b, "POST", `/live-events/${event.id}/replay`, { start: "0:07", end: "0:18" });
    expect(made.status, await made.clone().text()).toBe(201);
    const [video] = (await replayVideos(event.id)).results;
    const category = await env.DB.prepare("SELECT id FROM video_categories WHERE slug = 'press-conferences'").first<{ id: number }>();
    expect(video).toMatchObject({ title: "Commentary, Rovers v Hale (replay)", publication_status: "draft", category_id: category!.id });
    expect(JSON.parse(video!.entitlements)).toEqual(["roverstv+", "vip"]);
    expect((await auditOf("live-event.replay", event.id)).results.map((a) => a.status)).toEqual([201]);

    const claimed = await claim();
    expect(claimed.source.title).toBe("Commentary, Rovers v Hale (replay)");
    const audioRun = (segments: string[]) => runBytesOf("audio", segments);
    expect(claimed.source.recording).toEqual({
      startSeconds: 7,
      endSeconds: 18,
      parts: [
        { bytes: audioRun(["r1-seg1.m4s", "r1-seg2.m4s"]).byteLength, fromSeconds: 0.984, toSeconds: 6.016 },
        { bytes: audioRun(["r1-seg0.m4s"]).byteLength, fromSeconds: 0, toSeconds: 5.968 },
      ],
    });
    const t = transcoder();
    const source = (part: number) => t.call(`/jobs/${claimed.job.id}/source?part=${part}`, { headers: { "x-lease-id": claimed.leaseId } });
    expect(new Uint8Array(await (await source(1)).arrayBuffer())).toEqual(audioRun(["r1-seg1.m4s", "r1-seg2.m4s"]));
    expect(new Uint8Array(await (await source(2)).arrayBuffer())).toEqual(audioRun(["r1-seg0.m4s"]));
  });

  it("is made by itself when an event set to publish it ends", async () => {
    const { b } = await member("replay-audio-auto", ["administrator"]);
    const event = await newEvent(b, { title: "Commentary: Rovers v Hale", mediaType: "audio", tier: "top", replayMode: "auto" });
    await goLive(event.id, "audio");
    const ended = await send(b, "POST", `/live-events/${event.id}/end`);
    const { replay } = ((await ended.json()) as { data: { attributes: { replay: { entryId: string } } } }).data.attributes;
    expect(replay.entryId).toMatch(/^1_/);
    expect((await replayState(b, event.id)).replays).toMatchObject([{ entryId: replay.entryId, startSeconds: 0, endSeconds: 12.032, publishWhenReady: true }]);
  });
});

describe("a recording part missing from R2", () => {
  it("answers SOURCE_NOT_FOUND before any byte is sent when the bytes asked need it, whole or by Range", async () => {
    const { b } = await member("replay-missing", ["administrator"]);
    const event = await newEvent(b);
    await goLive(event.id, "video");
    expect((await send(b, "POST", `/live-events/${event.id}/replay`, {})).status).toBe(201);
    const claimed = await claim();
    // A segment in the middle of the part: the part's first bytes (the init, segment 0) are still there.
    await env.MEDIA.delete(liveObjectKey(event.id, "r1-seg1.m4s"));
    const seg1At = fixtureBytes("video", "r1-init.mp4").byteLength + fixtureBytes("video", "r1-seg0.m4s").byteLength;
    const t = transcoder();
    const source = (headers: Record<string, string>) => t.call(`/jobs/${claimed.job.id}/source?part=1`, { headers: { "x-lease-id": claimed.leaseId, ...headers } });
    for (const headers of [{}, { range: "bytes=0-" }, { range: `bytes=${seg1At + 10}-${seg1At + 99}` }] as Record<string, string>[]) {
      const res = await source(headers);
      expect(res.status, JSON.stringify(headers)).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.headers.get("content-range")).toBeNull();
      expect((await codeOf(res))[0]!.code).toBe("SOURCE_NOT_FOUND");
    }
    // Bytes that need only files still stored are answered (a resumed download before the gap).
    const before = await source({ range: "bytes=0-99" });
    expect(before.status).toBe(206);
    expect(new Uint8Array(await before.arrayBuffer())).toEqual(fixtureBytes("video", "r1-init.mp4").slice(0, 100));
  });
});
