import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { browser } from "./auth-test-app";
import { fixtureBytes, fixturePlaylist, goLive, ingestService, INGEST_TOKEN, issueKey, putFile } from "./live-media";
import { INGEST_MAX_SEGMENT_BYTES, LIVE_IDLE_AFTER_SECONDS } from "../../src/domain/live-ingest";
import { deriveStreamKey } from "../../src/domain/stream-key";

/**
 * The live ingest service's API (/api/ingest): its bearer, stream keys, runs, the files it may
 * upload, and the statuses its starts and stops (and its silence) give an event.
 */

const PRESS = "press-conference"; // video
const WOMEN = "women-live"; // video, idle in the seed
const AUDIO = "men-audio-commentary";
const JSON_HEADERS = { "content-type": "application/json" };
const ADMIN_TOKEN = "an-admin-token-long-enough-for-tests";

const status = async (id: string) => (await env.DB.prepare("SELECT status FROM live_stream_assets WHERE id = ?1").bind(id).first<{ status: string }>())?.status;

function start(id: string, key: string, token: string | null = INGEST_TOKEN) {
  return ingestService(token).call(`/api/ingest/events/${id}/start`, { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ key }) });
}
function stop(id: string, run: number) {
  return ingestService().call(`/api/ingest/events/${id}/stop`, { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ run }) });
}
async function codeOf(res: Response) {
  return ((await res.json()) as { errors: [{ code: string }] }).errors[0].code;
}

afterEach(async () => {
  vi.useRealTimers();
  await env.DB.prepare("UPDATE live_stream_assets SET status = 'idle' WHERE id = ?1").bind(WOMEN).run();
});

describe("the ingest API's bearer", () => {
  it("is 404 without INGEST_TOKEN, 401 with no or a wrong bearer, and compared exactly", async () => {
    const unconfigured = await browser().fetch("/api/ingest/events", { headers: { authorization: `Bearer ${INGEST_TOKEN}` } });
    expect(unconfigured.status).toBe(404);
    for (const token of [null, "", "wrong-token-of-enough-length-0123456789", `${INGEST_TOKEN}x`, INGEST_TOKEN.slice(0, -1)]) {
      const res = await ingestService(token).call("/api/ingest/events");
      expect(res.status, String(token)).toBe(401);
      expect(res.headers.get("www-authenticate")).toContain("ingest");
    }
    const short = await browser({ INGEST_TOKEN: "too-short" }).fetch("/api/ingest/events", { headers: { authorization: "Bearer too-short" } });
    expect(short.status).toBe(404);
    expect((await ingestService().call("/api/ingest/events")).status).toBe(200);
  });
});

describe("stream keys", () => {
  it("lists the events to listen for with their key version and SRT port; the admin's rotate shows the key once and the old one is refused", async () => {
    const admin = browser({ ADMIN_TOKEN, INGEST_TOKEN });
    const rotate = () => admin.fetch(`/api/admin/streams/${WOMEN}/key`, { method: "POST", headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    const first = (await (await rotate()).json()) as { data: { attributes: { key: string; srt: { host: string; port: number; pushUrl: string }; rtmp: { host: string; port: number; url: string } } } };
    const { key, srt, rtmp } = first.data.attributes;
    expect(key).toMatch(/^[0-9a-f]{48}$/);
    expect(srt.pushUrl).toBe(`srt://${srt.host}:${srt.port}?passphrase=${key}&pbkeylen=32`);
    // RTMP: one server for every event, on the same host; the key is its stream name.
    expect(rtmp).toEqual({ host: srt.host, port: rtmp.port, url: `rtmp://${srt.host}:${rtmp.port}/live` });
    expect(rtmp.port).toBeGreaterThan(0);
    const listed = (await (await ingestService().call("/api/ingest/events")).json()) as { data: { id: string; keyVersion: number; srtPort: number; rtmpUrl: string }[] };
    const women = listed.data.find((e) => e.id === WOMEN);
    expect(women?.srtPort).toBe(srt.port);
    expect(women?.rtmpUrl).toBe(rtmp.url);
    // The ingest derives the same key from its secret (to listen with it as the SRT passphrase).
    expect(await deriveStreamKey(INGEST_TOKEN, WOMEN, women?.keyVersion ?? -1)).toBe(key);
    // Nothing stores the key itself.
    const row = await env.DB.prepare("SELECT * FROM live_stream_assets WHERE id = ?1").bind(WOMEN).first();
    expect(JSON.stringify(row)).not.toContain(key);

    const second = (await (await rotate()).json()) as { data: { attributes: { key: string; srt: { port: number } } } };
    expect(second.data.attributes.key).not.toBe(key);
    expect(second.data.attributes.srt.port).toBe(srt.port);
    const old = await start(WOMEN, key);
    expect(old.status).toBe(403);
    expect(await codeOf(old)).toBe("STREAM_KEY_REFUSED");
    expect((await start(WOMEN, second.data.attributes.key)).status).toBe(200);
  });

  it("refuses a wrong key, another event's key, a malformed body and an unknown event", async () => {
    const key = await issueKey(WOMEN);
    const other = await issueKey(PRESS);
    for (const wrong of ["", "x".repeat(48), key.replace(/.$/, (c) => (c === "0" ? "1" : "0")), other]) {
      const res = await start(WOMEN, wrong);
      expect(res.status, wrong).toBe(403);
      expect(await codeOf(res)).toBe("STREAM_KEY_REFUSED");
    }
    expect((await ingestService().call(`/api/ingest/events/${WOMEN}/start`, { method: "POST", headers: JSON_HEADERS, body: "{" })).status).toBe(400);
    expect((await start("no-such-event", key)).status).toBe(404);
    expect((await start("../etc", key)).status).toBe(404);
    expect(await status(WOMEN)).toBe("idle");
  });
});

describe("status transitions", () => {
  it("idle → active at the start of media → idle at its stop; a stale run's stop changes nothing", async () => {
    const key = await issueKey(WOMEN);
    expect(await status(WOMEN)).toBe("idle");
    const one = ((await (await start(WOMEN, key)).json()) as { data: { run: number } }).data.run;
    expect(await status(WOMEN)).toBe("active");
    const two = ((await (await start(WOMEN, key)).json()) as { data: { run: number } }).data.run;
    expect(two).toBe(one + 1);
    expect(await (await stop(WOMEN, one)).json()).toMatchObject({ data: { applied: false } });
    expect(await status(WOMEN)).toBe("active");
    expect(await (await stop(WOMEN, two)).json()).toMatchObject({ data: { applied: true } });
    expect(await status(WOMEN)).toBe("idle");
  });

  it("an active event with no media for a while reads as idle (the status every live check reads); media brings it back", async () => {
    await goLive(WOMEN, "video");
    const check = () => browser({ ADMIN_TOKEN }).fetch(`/api/admin/streams/${WOMEN}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(await (await check()).json()).toMatchObject({ data: { attributes: { status: "active" } } });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + (LIVE_IDLE_AFTER_SECONDS + 1) * 1000);
    expect(await (await check()).json()).toMatchObject({ data: { attributes: { status: "idle" } } });
    await goLive(WOMEN, "video");
    expect(await (await check()).json()).toMatchObject({ data: { attributes: { status: "active" } } });
  });

  it("disabled (the event ended) is final: no start, no upload, no stop brings it back", async () => {
    const { run, key } = await goLive(WOMEN, "video");
    await env.DB.prepare("UPDATE live_stream_assets SET status = 'disabled' WHERE id = ?1").bind(WOMEN).run();
    const again = await start(WOMEN, key);
    expect(again.status).toBe(409);
    expect(await codeOf(again)).toBe("EVENT_ENDED");
    const upload = await putFile(ingestService(), WOMEN, `r${run}-seg9.m4s`, fixtureBytes("video", "r1-seg0.m4s"), "video/mp4");
    expect(upload.status).toBe(409);
    await stop(WOMEN, run);
    expect(await status(WOMEN)).toBe("disabled");
    const listed = (await (await ingestService().call("/api/ingest/events")).json()) as { data: { id: string }[] };
    expect(listed.data.map((e) => e.id)).not.toContain(WOMEN);
  });
});

describe("PUT /api/ingest/events/{id}/files/{name}", () => {
  it("accepts only the playlist, the run's init and segments, each with its own type, within its size", async () => {
    const { run } = await goLive(PRESS, "video");
    const ingest = ingestService();
    const segment = fixtureBytes("video", "r1-seg0.m4s");
    for (const name of ["seg0.m4s", "init.mp4", `r${run}-seg1.ts`, "master.m3u8", `r${run}-seg1.m4s.exe`, "r0-seg1.m4s", "..%2Findex.m3u8"]) {
      const res = await putFile(ingest, PRESS, name, segment, "video/mp4");
      expect(res.status, name).toBe(400);
      expect(await codeOf(res)).toBe("INGEST_FILE_NAME");
    }
    for (const [name, type] of [[`r${run}-seg7.m4s`, "audio/mp4"], [`r${run}-seg7.m4s`, "text/html"], ["index.m3u8", "video/mp4"], [`r${run}-init.mp4`, ""]] as const) {
      const res = await putFile(ingest, PRESS, name, segment, type);
      expect(res.status, `${name} ${type}`).toBe(415);
    }
    const huge = await putFile(ingest, PRESS, `r${run}-seg7.m4s`, new Uint8Array(INGEST_MAX_SEGMENT_BYTES + 1), "video/mp4");
    expect(huge.status).toBe(413);
    expect(await env.MEDIA.head(`live/${PRESS}/r${run}-seg7.m4s`)).toBeNull();
    // An audio event's files are audio.
    const audio = await goLive(AUDIO, "audio");
    expect((await putFile(ingest, AUDIO, `r${audio.run}-seg7.m4s`, segment, "video/mp4")).status).toBe(415);
  });

  it("a replayed segment changes nothing; a replayed or older playlist never moves viewers back; an old run's file is refused", async () => {
    const { run, key } = await goLive(PRESS, "video");
    const ingest = ingestService();
    const original = await env.MEDIA.get(`live/${PRESS}/r${run}-seg0.m4s`);
    const originalSize = original?.size;
    const replay = await putFile(ingest, PRESS, `r${run}-seg0.m4s`, fixtureBytes("video", "r1-seg2.m4s"), "video/mp4");
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ data: { applied: false } });
    expect((await env.MEDIA.head(`live/${PRESS}/r${run}-seg0.m4s`))?.size).toBe(originalSize);

    // The stored playlist reaches segment 3; the same again is not applied, a shorter one is refused.
    const same = await putFile(ingest, PRESS, "index.m3u8", fixturePlaylist("video", run), "application/vnd.apple.mpegurl");
    expect(await same.json()).toMatchObject({ data: { applied: false } });
    const shorter = fixturePlaylist("video", run).replace(/#EXTINF:[^\n]*\n(#EXT-X-PROGRAM-DATE-TIME:[^\n]*\n)?r\d+-seg2\.m4s\n/, "");
    const behind = await putFile(ingest, PRESS, "index.m3u8", shorter, "application/vnd.apple.mpegurl");
    expect(behind.status).toBe(409);
    expect(await codeOf(behind)).toBe("PLAYLIST_BEHIND");
    const stored = await env.DB.prepare("SELECT playlist FROM live_stream_assets WHERE id = ?1").bind(PRESS).first<{ playlist: string }>();
    expect(stored?.playlist).toContain(`r${run}-seg2.m4s`);

    // A playlist naming a file not uploaded, another run's files, or ending the stream: refused.
    const missing = fixturePlaylist("video", run).replace(`r${run}-seg2.m4s`, `r${run}-seg5.m4s`);
    expect((await putFile(ingest, PRESS, "index.m3u8", missing, "application/vnd.apple.mpegurl")).status).toBe(409);
    expect((await putFile(ingest, PRESS, "index.m3u8", fixturePlaylist("video", run + 1), "application/vnd.apple.mpegurl")).status).toBe(400);
    expect((await putFile(ingest, PRESS, "index.m3u8", `${fixturePlaylist("video", run)}#EXT-X-ENDLIST\n`, "application/vnd.apple.mpegurl")).status).toBe(400);

    // A new push: the last run's late files are refused, its segments stay in R2 for the replay.
    const next = ((await (await start(PRESS, key)).json()) as { data: { run: number } }).data.run;
    const late = await putFile(ingest, PRESS, `r${run}-seg9.m4s`, fixtureBytes("video", "r1-seg0.m4s"), "video/mp4");
    expect(late.status).toBe(409);
    expect(await codeOf(late)).toBe("RUN_ENDED");
    expect(next).toBe(run + 1);
    expect(await env.MEDIA.head(`live/${PRESS}/r${run}-seg2.m4s`)).not.toBeNull();
    expect(await env.MEDIA.head(`live/${PRESS}/r${run}-index.m3u8`)).not.toBeNull();
  });
});
