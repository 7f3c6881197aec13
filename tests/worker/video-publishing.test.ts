import { env, SELF } from "cloudflare:test";
import { invalidateCache } from "../../worker/cache/kv-cache";
import { retireCrossedVideos } from "../../worker/videos/publication-sweep";
import { beforeEach, describe, expect, it } from "vitest";
import { browser, devToken, freshIdentity, signInWithToken, type Browser } from "./auth-test-app";
import { roleAccount } from "./staff-accounts";
import { emptyQueue, queuedJob, readyVideo, RENDITIONS } from "./video-pipeline-fixtures";
import type { VideoForm } from "../../src/schemas/console-videos";

/**
 * Rovers TV publishing: a draft, embargoed or expired video is in no public read and no playlist
 * from the next request; the console's form (field errors with their codes, nothing half-written,
 * audited before and after); captions in the master playlist; plays and seconds watched.
 */

type Errors = { errors: { code: string; field?: string; detail: string }[] };
const editor = async () => (await roleAccount("video-publisher", ["editor"])).b;
const json = (method: string, body: unknown): RequestInit => ({ method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

/** A seeded video everyone may watch, published, with its title. */
async function seeded(offset = 0): Promise<{ entryId: string; title: string }> {
  const row = await env.DB.prepare(`SELECT entry_id, title FROM videos WHERE entitlements = '["?"]' ORDER BY id LIMIT 1 OFFSET ?1`).bind(offset).first<{ entry_id: string; title: string }>();
  return { entryId: row!.entry_id, title: row!.title };
}

async function searchTitles(title: string): Promise<string[]> {
  const res = await browser().fetch(`/api/videos/search?${new URLSearchParams({ title })}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: { entryId: string }[] }).items.map((v) => v.entryId);
}
const sitemap = async () => (await SELF.fetch("http://localhost/sitemap.xml")).text();
const pageStatus = async (entryId: string) => (await SELF.fetch(`http://localhost/videos/${entryId}`)).status;

async function viewer(): Promise<Browser> {
  const b = browser();
  const identity = freshIdentity("publish-viewer");
  const res = await signInWithToken(b, (nonce) => devToken(identity, { nonce }));
  if (res.status !== 302) throw new Error(`sign-in answered ${res.status}`);
  return b;
}

async function masterUrl(b: Browser, entryId: string): Promise<string> {
  const res = await b.fetch("/api/playback", json("POST", { entryId }));
  expect(res.status, await res.clone().text()).toBe(200);
  const url = new URL(((await res.json()) as { data: { attributes: { url: string } } }).data.attributes.url, "http://localhost");
  return `${url.pathname}${url.search}`;
}

const form = (over: Partial<VideoForm> = {}): VideoForm => ({
  title: "Rovers v Harbour: the goals",
  description: "Both goals and the penalty save.",
  categoryId: 1,
  teamId: null,
  featured: false,
  tier: { kind: "everyone" },
  publishAt: "",
  expiresAt: "",
  chapters: [],
  ...over,
});

beforeEach(async () => {
  await emptyQueue();
  await env.DB.batch([
    env.DB.prepare("UPDATE videos SET publication_status = 'published', publish_at = NULL, expires_at = NULL"),
    env.DB.prepare("DELETE FROM videos WHERE source_id IS NULL AND publication_status = 'draft'"),
    env.DB.prepare("DELETE FROM video_captions"),
  ]);
});

describe("what the public sees", () => {
  it("a draft leaves search, the sitemap and its page on the next request, and comes back when published", async () => {
    const b = await editor();
    const { entryId, title } = await seeded();
    expect(await searchTitles(title)).toContain(entryId);
    expect(await sitemap()).toContain(`/videos/${entryId}<`);
    const unpublished = await b.fetch(`/api/console/videos/catalogue/${entryId}/unpublish`, { method: "POST" });
    expect(unpublished.status).toBe(200);
    expect(await searchTitles(title)).not.toContain(entryId);
    expect(await sitemap()).not.toContain(`/videos/${entryId}<`);
    expect(await pageStatus(entryId)).toBe(404);
    expect((await b.fetch(`/api/console/videos/catalogue/${entryId}/publish`, { method: "POST" })).status).toBe(200);
    expect(await searchTitles(title)).toContain(entryId);
    expect(await pageStatus(entryId)).toBe(200);
  });

  it("embargo: hidden until publish_at; expiry: hidden from expires_at", async () => {
    const { entryId, title } = await seeded(1);
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const earlier = new Date(Date.now() - 1_000).toISOString();
    await env.DB.prepare("UPDATE videos SET publish_at = ?2 WHERE entry_id = ?1").bind(entryId, later).run();
    // the cron's sweep retires the cached pages when a bound is crossed; here the test stands in for it
    await invalidateCache(env);
    expect(await searchTitles(title)).not.toContain(entryId);
    expect(await sitemap()).not.toContain(`/videos/${entryId}<`);
    await env.DB.prepare("UPDATE videos SET publish_at = ?2 WHERE entry_id = ?1").bind(entryId, earlier).run();
    expect(await searchTitles(title)).toContain(entryId);
    await env.DB.prepare("UPDATE videos SET expires_at = ?2 WHERE entry_id = ?1").bind(entryId, earlier).run();
    expect(await searchTitles(title)).not.toContain(entryId);
    // the sweep sees the expiry that passed a second ago, and nothing a window later
    expect(await retireCrossedVideos(env, new Date())).toBe(true);
    expect(await retireCrossedVideos(env, new Date(Date.now() + 10 * 60_000))).toBe(false);
    expect(await sitemap()).not.toContain(`/videos/${entryId}<`);
    const gate = await (await viewer()).fetch("/api/playback", json("POST", { entryId }));
    expect(gate.status).toBe(404);
  });

  it("unpublishing refuses the very next playlist of a viewer already playing", async () => {
    const { entryId } = await seeded(2);
    await readyVideo(entryId);
    const v = await viewer();
    const master = await masterUrl(v, entryId);
    expect((await v.fetch(master)).status).toBe(200);
    const variant = master.replace("master.m3u8", "720p/index.m3u8");
    expect((await v.fetch(variant)).status).toBe(200);
    expect((await (await editor()).fetch(`/api/console/videos/catalogue/${entryId}/unpublish`, { method: "POST" })).status).toBe(200);
    expect((await v.fetch(master)).status).toBe(404);
    expect((await v.fetch(variant)).status).toBe(404);
  });
});

describe("the console's publish form", () => {
  it("creates a draft from an uploaded file, refuses to publish it before its media is ready, then publishes it", async () => {
    const b = await editor();
    const { sourceId, jobId } = await queuedJob();
    const created = await b.fetch("/api/console/videos/catalogue", json("POST", form({ sourceId, chapters: [{ time: "0:00", title: "Kick-off" }, { time: "1:30", title: "Goal" }] })));
    expect(created.status, await created.clone().text()).toBe(201);
    const { entryId } = ((await created.json()) as { data: { attributes: { entryId: string } } }).data.attributes;
    expect(await searchTitles("Harbour: the goals")).not.toContain(entryId);
    const early = await b.fetch(`/api/console/videos/catalogue/${entryId}/publish`, { method: "POST" });
    expect(early.status).toBe(409);
    expect(((await early.json()) as Errors).errors[0]).toMatchObject({ code: "MEDIA_NOT_READY", detail: "This video cannot be published until its file has been transcoded" });
    expect(await searchTitles("Harbour: the goals")).not.toContain(entryId);
    // the transcode completes (as the job API leaves it)
    await env.DB.batch([
      env.DB.prepare("UPDATE transcode_jobs SET status = 'ready', progress = 100 WHERE id = ?1").bind(jobId),
      env.DB.prepare(
        "INSERT INTO video_media (source_id, job_id, prefix, duration_seconds, width, height, renditions, poster, storyboard_image, storyboard_track) VALUES (?1, ?2, 'vod/x/', 120, 1280, 720, ?3, 'poster.jpg', 'storyboard.jpg', 'storyboard.vtt')",
      ).bind(sourceId, jobId, JSON.stringify(RENDITIONS)),
    ]);
    const detail = ((await (await b.fetch(`/api/console/videos/catalogue/${entryId}`)).json()) as { data: { attributes: { row: { status: string; renditions: string[] }; form: VideoForm } } }).data.attributes;
    expect(detail.row).toMatchObject({ status: "ready", renditions: ["720p", "audio"] });
    expect(detail.form.chapters).toEqual([{ time: "0:00", title: "Kick-off" }, { time: "1:30", title: "Goal" }]);
    expect((await b.fetch(`/api/console/videos/catalogue/${entryId}/publish`, { method: "POST" })).status).toBe(200);
    expect(await searchTitles("Harbour: the goals")).toContain(entryId);
    expect(await env.DB.prepare("SELECT duration_seconds FROM videos WHERE entry_id = ?1").bind(entryId).first()).toEqual({ duration_seconds: 120 });
    const audit = await env.DB.prepare("SELECT action, status, detail FROM admin_audit_log WHERE target = ?1 ORDER BY id").bind(`video:${entryId}`).all<{ action: string; status: number; detail: string }>();
    expect(audit.results.map((r) => `${r.action} ${r.status}`)).toEqual(["video.create 201", "video.publish 409", "video.publish 200"]);
    const published = JSON.parse(audit.results[2]!.detail) as { before: { status: string }; after: { status: string } };
    expect([published.before.status, published.after.status]).toEqual(["draft", "published"]);
  });

  it("puts each problem beside its field with its code, and writes nothing of a refused form", async () => {
    const b = await editor();
    const { entryId, title } = await seeded(3);
    const save = (over: Partial<VideoForm>) => b.fetch(`/api/console/videos/catalogue/${entryId}`, json("PUT", form(over)));
    const codes = async (res: Response) => ((await res.json()) as Errors).errors.map((e) => `${e.field}:${e.code}`);
    const refused = await save({ publishAt: "2026-12-01T18:00", expiresAt: "2026-12-01T17:00", tier: { kind: "packages", packageIds: [] }, categoryId: 999_999, chapters: [{ time: "1:00", title: "A" }, { time: "0:30", title: "B" }] });
    expect(refused.status).toBe(400);
    expect(await codes(refused)).toEqual(["categoryId:CATEGORY_UNKNOWN", "tier:TIER_EMPTY", "expiresAt:EXPIRY_BEFORE_PUBLISH", "chapters.1:CHAPTER_ORDER"]);
    expect(await codes(await save({ title: "" }))).toEqual(["title:INVALID_INPUT"]);
    const notJson = await b.fetch(`/api/console/videos/catalogue/${entryId}`, { method: "PUT", headers: { "content-type": "application/json" }, body: "{" });
    expect(notJson.status).toBe(400);
    expect(await env.DB.prepare("SELECT title, publish_at FROM videos WHERE entry_id = ?1").bind(entryId).first()).toEqual({ title, publish_at: null });
    // Europe/London in the form, UTC stored: 18:00 in July is 17:00Z
    const ok = await save({ publishAt: "2026-07-01T18:00", tier: { kind: "packages", packageIds: ["roverstv"] } });
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(await env.DB.prepare("SELECT publish_at, entitlements FROM videos WHERE entry_id = ?1").bind(entryId).first()).toEqual({ publish_at: "2026-07-01T17:00:00.000Z", entitlements: '["roverstv"]' });
  });

  it("a card picture from the media library shows on the video's page; '' brings back the drawn artwork; a photo not in the library is refused beside the field", async () => {
    const b = await editor();
    const { entryId, title } = await seeded(4);
    const photo = await env.DB.prepare(
      `INSERT INTO media (object_key, file_name, content_type, width, height, bytes, alt, search_text, uploaded_by)
       VALUES (?1, 'goal.jpg', 'image/jpeg', 1920, 1080, 1000, 'The winner goes in', 'the winner goes in goal.jpg', 'staff:test') RETURNING id`,
    ).bind(`originals/${crypto.randomUUID()}`).first<{ id: number }>();
    const save = (imageKey: string) => b.fetch(`/api/console/videos/catalogue/${entryId}`, json("PUT", form({ title, imageKey })));
    const page = async () => (await SELF.fetch(`http://localhost/videos/${entryId}`)).text();
    const stored = async () => (await env.DB.prepare("SELECT thumbnail_key FROM videos WHERE entry_id = ?1").bind(entryId).first<{ thumbnail_key: string }>())!.thumbnail_key;
    const drawn = await stored();

    const unknown = await save("media:999999999");
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as Errors).errors.map((e) => `${e.field}:${e.code}`)).toEqual(["imageKey:PHOTO_UNKNOWN"]);
    expect((await save("pages/stadium")).status).toBe(400); // a drawn key is the site's, not a choice
    expect(await stored()).toBe(drawn);

    const chosen = await save(`media:${photo!.id}`);
    expect(chosen.status, await chosen.clone().text()).toBe(200);
    expect(((await chosen.json()) as { data: { attributes: { form: VideoForm } } }).data.attributes.form.imageKey).toBe(`media:${photo!.id}`);
    expect(await page()).toContain(`/images/media/${photo!.id}/`);
    const audit = await env.DB.prepare("SELECT detail FROM admin_audit_log WHERE action = 'video.save' AND status = 200 AND target = ?1 ORDER BY id DESC LIMIT 1").bind(`video:${entryId}`).first<{ detail: string }>();
    const change = JSON.parse(audit!.detail) as { before: VideoForm; after: VideoForm };
    expect([change.before.imageKey, change.after.imageKey]).toEqual(["", `media:${photo!.id}`]);

    // An older form without the field keeps the picture; '' goes back to the drawn artwork.
    const { imageKey: _omitted, ...older } = form({ title });
    expect((await b.fetch(`/api/console/videos/catalogue/${entryId}`, json("PUT", older))).status).toBe(200);
    expect(await stored()).toBe(`media:${photo!.id}`);
    expect((await save("")).status).toBe(200);
    expect(await stored()).toBe(drawn);
    expect(await page()).not.toContain(`/images/media/${photo!.id}/`);
  });

  it("is for video.manage only", async () => {
    const { b } = await roleAccount("video-support", ["support"]);
    const { entryId } = await seeded();
    expect((await b.fetch(`/api/console/videos/catalogue/${entryId}/unpublish`, { method: "POST" })).status).toBe(403);
    expect(await env.DB.prepare("SELECT publication_status FROM videos WHERE entry_id = ?1").bind(entryId).first()).toEqual({ publication_status: "published" });
  });
});

describe("captions", () => {
  const vtt = "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nKick-off at the Northbridge Ground\n";
  const put = (b: Browser, entryId: string, language: string, label: string, body: string) =>
    b.fetch(`/api/console/videos/catalogue/${entryId}/captions/${language}?${new URLSearchParams({ label })}`, { method: "PUT", headers: { "content-type": "text/vtt" }, body });

  it("refuses a file that is not WebVTT, a bad language and a missing label, beside the field", async () => {
    const b = await editor();
    const { entryId } = await seeded();
    const srt = await put(b, entryId, "en", "English", "1\n00:00:01,000 --> 00:00:04,000\nHi\n");
    expect(srt.status).toBe(400);
    expect(((await srt.json()) as Errors).errors[0]).toMatchObject({ code: "CAPTIONS_NOT_WEBVTT", field: "captions" });
    expect(((await (await put(b, entryId, "english", "English", vtt)).json()) as Errors).errors[0]?.code).toBe("CAPTIONS_LANGUAGE");
    expect(((await (await put(b, entryId, "en", "", vtt)).json()) as Errors).errors[0]?.code).toBe("CAPTIONS_LABEL");
    // 100 KB of cues passes the site's 64 KB body limit (captions have their own, 512 KB); 600 KB does not
    const long = `${vtt}${"\n00:00:05.000 --> 00:00:06.000\nA long line of commentary for the captions file.\n".repeat(1400)}`;
    expect(long.length).toBeGreaterThan(100_000);
    expect((await put(b, entryId, "en", "English", long)).status).toBe(200);
    const tooLong = await put(b, entryId, "en", "English", `${vtt}${"x".repeat(600 * 1024)}`);
    expect(tooLong.status).toBe(413);
    expect(((await tooLong.json()) as Errors).errors[0]).toMatchObject({ code: "CAPTIONS_TOO_LARGE", field: "captions" });
    await b.fetch(`/api/console/videos/catalogue/${entryId}/captions/en`, { method: "DELETE" });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM video_captions").first()).toEqual({ n: 0 });
  });

  it("lists each language in the master playlist as a subtitles rendition, its playlist and file on the token", async () => {
    const b = await editor();
    const { entryId } = await seeded(2);
    await readyVideo(entryId);
    expect((await put(b, entryId, "en", "English", vtt)).status).toBe(200);
    expect((await put(b, entryId, "cy", "Cymraeg", vtt.replace("Kick-off", "Cic gyntaf"))).status).toBe(200);
    const v = await viewer();
    const master = await masterUrl(v, entryId);
    const token = new URL(master, "http://localhost").searchParams.get("token")!;
    const text = await (await v.fetch(master)).text();
    const media = text.split("\n").filter((l) => l.startsWith("#EXT-X-MEDIA:TYPE=SUBTITLES"));
    expect(media).toHaveLength(2);
    expect(media[0]).toContain(`URI="subtitles/cy.m3u8?token=${token}"`);
    expect(text.split("\n").filter((l) => l.startsWith("#EXT-X-STREAM-INF")).every((l) => l.endsWith('SUBTITLES="subs"'))).toBe(true);
    const playlist = await (await v.fetch(`/media/vod/${entryId}/subtitles/en.m3u8?token=${token}`)).text();
    expect(playlist).toContain(`en.vtt?token=${token}`);
    const file = await browser().fetch(`/media/vod/${entryId}/subtitles/en.vtt?token=${token}`);
    expect(file.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    expect(await file.text()).toBe(vtt);
    expect((await browser().fetch(`/media/vod/${entryId}/subtitles/en.vtt`)).status).toBe(401);
    expect((await b.fetch(`/api/console/videos/catalogue/${entryId}/captions/cy`, { method: "DELETE" })).status).toBe(204);
    expect((await (await v.fetch(master)).text()).match(/TYPE=SUBTITLES/g)).toHaveLength(1);
  });
});

describe("plays and minutes", () => {
  it("counts a play once per playback token, and seconds watched from position reports", async () => {
    const { entryId } = await seeded(2);
    await readyVideo(entryId);
    const plays = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM video_plays p JOIN videos v ON v.id = p.video_id WHERE v.entry_id = ?1").bind(entryId).first<{ n: number }>())!.n;
    const before = await plays();
    const v = await viewer();
    const master = await masterUrl(v, entryId);
    await v.fetch(master);
    await v.fetch(master);
    // the count is written after the answer (waitUntil)
    for (let i = 0; i < 20 && (await plays()) === before; i++) await new Promise((r) => setTimeout(r, 25));
    expect(await plays()).toBe(before + 1);
    // a token is signed to the second: the next one, a second on, is another play
    await new Promise((r) => setTimeout(r, 1100));
    await v.fetch(await masterUrl(v, entryId));
    for (let i = 0; i < 20 && (await plays()) === before + 1; i++) await new Promise((r) => setTimeout(r, 25));
    expect(await plays()).toBe(before + 2);

    const watched = async () => (await env.DB.prepare("SELECT COALESCE(SUM(w.seconds_watched), 0) AS n FROM video_watch_totals w JOIN videos v ON v.id = w.video_id WHERE v.entry_id = ?1").bind(entryId).first<{ n: number }>())!.n;
    const start = await watched();
    const report = (seconds: number) => v.fetch("/api/playback/position", json("PUT", { entryId, seconds }));
    expect((await report(10)).status).toBe(204);
    // ten seconds later by the clock of the last report: ten seconds watched; a seek ahead adds no more than the wall time
    await env.DB.prepare("UPDATE playback_positions SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-10 seconds') WHERE entry_id = ?1").bind(entryId).run();
    expect((await report(20)).status).toBe(204);
    expect(await watched()).toBe(start + 10);
    await env.DB.prepare("UPDATE playback_positions SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-10 seconds') WHERE entry_id = ?1").bind(entryId).run();
    expect((await report(900)).status).toBe(204);
    expect(await watched()).toBe(start + 10 + 12);
  });
});
