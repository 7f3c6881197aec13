import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import type { Browser } from "./auth-test-app";
import { roleAccount } from "./staff-accounts";
import { emptyQueue, mp4Bytes } from "./video-pipeline-fixtures";
import { VIDEO_MAX_BYTES, VIDEO_PART_BYTES } from "../../src/domain/video-upload";

/** The console's resumable video upload: parts in any order, resume, the sniff, the limit, nothing half-written. */

type Upload = { id: string; bytes: number; partBytes: number; parts: number; uploaded: { partNumber: number; bytes: number }[]; missing: number[] };
const errorCode = async (res: Response) => ((await res.json()) as { errors: { code: string }[] }).errors[0]?.code;
const editor = () => roleAccount("video-editor", ["editor"]);

async function create(b: Browser, bytes: number, fileName = "derby.mp4"): Promise<Response> {
  return b.fetch("/api/console/videos/uploads", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ fileName, bytes }) });
}
async function started(b: Browser, bytes: number): Promise<Upload> {
  const res = await create(b, bytes);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { data: { attributes: Upload } }).data.attributes;
}
const putPart = (b: Browser, id: string, n: number | string, body: Uint8Array<ArrayBuffer>) => b.fetch(`/api/console/videos/uploads/${id}/parts/${n}`, { method: "PUT", body });
const state = async (b: Browser, id: string) => b.fetch(`/api/console/videos/uploads/${id}`);

/** What an abandoned upload must leave: no upload, source or job row, no object under its key. */
async function expectNothingOf(id: string) {
  const count = async (sql: string) => (await env.DB.prepare(sql).bind(id).first<{ n: number }>())!.n;
  expect(await count("SELECT COUNT(*) AS n FROM video_uploads WHERE id = ?1")).toBe(0);
  expect(await count("SELECT COUNT(*) AS n FROM video_upload_parts WHERE upload_id = ?1")).toBe(0);
  expect(await count("SELECT COUNT(*) AS n FROM video_sources WHERE id = ?1")).toBe(0);
  expect(await count("SELECT COUNT(*) AS n FROM transcode_jobs WHERE source_id = ?1")).toBe(0);
  expect(await env.MEDIA.head(`sources/${id}`)).toBeNull();
}

beforeEach(emptyQueue);

describe("a resumable upload", () => {
  it("takes parts in any order, lists what is there to resume, and completes into a source and its queued job", async () => {
    const { b } = await editor();
    const file = mp4Bytes(VIDEO_PART_BYTES + 1234);
    const upload = await started(b, file.byteLength);
    expect(upload).toMatchObject({ parts: 2, partBytes: VIDEO_PART_BYTES, missing: [1, 2], uploaded: [] });
    // part 2 first, then the connection drops: the client asks what is there
    expect((await putPart(b, upload.id, 2, file.slice(VIDEO_PART_BYTES))).status).toBe(200);
    const resumed = ((await (await state(b, upload.id)).json()) as { data: { attributes: Upload } }).data.attributes;
    expect(resumed).toMatchObject({ missing: [1], uploaded: [{ partNumber: 2, bytes: 1234 }] });
    // completing early names what is missing
    const early = await b.fetch(`/api/console/videos/uploads/${upload.id}/complete`, { method: "POST" });
    expect(early.status).toBe(409);
    expect(await errorCode(early)).toBe("PARTS_MISSING");
    expect((await putPart(b, upload.id, 1, file.slice(0, VIDEO_PART_BYTES))).status).toBe(200);
    const done = await b.fetch(`/api/console/videos/uploads/${upload.id}/complete`, { method: "POST" });
    expect(done.status, await done.clone().text()).toBe(201);
    const body = (await done.json()) as { data: { attributes: { source: { id: string; contentType: string; bytes: number }; job: { status: string; sourceId: string } } } };
    expect(body.data.attributes.source).toMatchObject({ id: upload.id, contentType: "video/mp4", bytes: file.byteLength });
    expect(body.data.attributes.job).toMatchObject({ status: "queued", sourceId: upload.id });
    // compared by digest: a deep equality of 8 MB takes vitest most of a minute
    const object = await env.MEDIA.get(`sources/${upload.id}`);
    const digest = async (bytes: ArrayBuffer | Uint8Array<ArrayBuffer>) => [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].join(",");
    expect(await digest(await object!.arrayBuffer())).toBe(await digest(file));
    // the upload's rows are gone; a complete retried after a lost answer finds the same source
    expect((await state(b, upload.id)).status).toBe(404);
    const retried = await b.fetch(`/api/console/videos/uploads/${upload.id}/complete`, { method: "POST" });
    expect(retried.status).toBe(200);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM transcode_jobs WHERE source_id = ?1").bind(upload.id).first<{ n: number }>()).toEqual({ n: 1 });
    const details = await b.fetch(`/api/console/videos/sources/${upload.id}`);
    expect(((await details.json()) as { data: { attributes: { job: { status: string }; media: null } } }).data.attributes).toMatchObject({ job: { status: "queued" }, media: null });
  });

  it("recognises MOV and MKV by their first bytes", async () => {
    const { b } = await editor();
    const mov = mp4Bytes(100);
    mov.set(new TextEncoder().encode("qt  "), 8);
    const mkv = new Uint8Array(100);
    mkv.set([0x1a, 0x45, 0xdf, 0xa3]);
    for (const [bytes, type] of [[mov, "video/quicktime"], [mkv, "video/x-matroska"]] as const) {
      const upload = await started(b, bytes.byteLength);
      expect((await putPart(b, upload.id, 1, bytes)).status).toBe(200);
      const done = await b.fetch(`/api/console/videos/uploads/${upload.id}/complete`, { method: "POST" });
      expect(((await done.json()) as { data: { attributes: { source: { contentType: string } } } }).data.attributes.source.contentType).toBe(type);
    }
  });
});

describe("refusals leave nothing", () => {
  it("refuses a file that is not a video from its first bytes and drops the whole upload", async () => {
    const { b } = await editor();
    const html = new TextEncoder().encode("<!doctype html><script>alert(1)</script>".padEnd(200, " "));
    const upload = await started(b, html.byteLength);
    const res = await putPart(b, upload.id, 1, html);
    expect(res.status).toBe(400);
    expect(await errorCode(res)).toBe("UNSUPPORTED_VIDEO");
    await expectNothingOf(upload.id);
    expect((await putPart(b, upload.id, 1, mp4Bytes(200))).status).toBe(404);
  });

  it("refuses a declared size over the limit (413) and parts of the wrong size or number (400)", async () => {
    const { b } = await editor();
    const big = await create(b, VIDEO_MAX_BYTES + 1);
    expect(big.status).toBe(413);
    expect(await errorCode(big)).toBe("VIDEO_TOO_LARGE");
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM video_uploads").first<{ n: number }>()).toEqual({ n: 0 });
    for (const bytes of [0, -1, 1.5, "10"]) expect((await b.fetch("/api/console/videos/uploads", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ fileName: "x.mp4", bytes }) })).status).toBe(400);
    const upload = await started(b, 5000);
    const short = await putPart(b, upload.id, 1, mp4Bytes(4999));
    expect(short.status).toBe(400);
    expect(await errorCode(short)).toBe("PART_SIZE");
    for (const n of [2, 0, "x"]) expect((await putPart(b, upload.id, n, mp4Bytes(5000))).status, String(n)).toBe(400);
    const tooLarge = await putPart(b, upload.id, 1, new Uint8Array(VIDEO_PART_BYTES + 1));
    expect(tooLarge.status).toBe(413);
    expect(((await (await state(b, upload.id)).json()) as { data: { attributes: Upload } }).data.attributes.uploaded).toEqual([]);
  });

  it("an aborted upload leaves no row, part, source, job or object, and cannot be completed", async () => {
    const { b } = await editor();
    const upload = await started(b, 3000);
    expect((await putPart(b, upload.id, 1, mp4Bytes(3000))).status).toBe(200);
    expect((await b.fetch(`/api/console/videos/uploads/${upload.id}`, { method: "DELETE" })).status).toBe(204);
    await expectNothingOf(upload.id);
    expect((await b.fetch(`/api/console/videos/uploads/${upload.id}/complete`, { method: "POST" })).status).toBe(404);
    expect((await b.fetch(`/api/console/videos/uploads/${upload.id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("needs video.manage and the site's Origin", async () => {
    const { b: support } = await roleAccount("video-support", ["support"]);
    const refused = await create(support, 100);
    expect(refused.status).toBe(403);
    expect(await errorCode(refused)).toBe("CAPABILITY_REQUIRED");
    const { b } = await editor();
    const crossSite = await b.fetch("/api/console/videos/uploads", { method: "POST", headers: { "content-type": "application/json", origin: "https://evil.example" }, body: JSON.stringify({ fileName: "x.mp4", bytes: 100 }) });
    expect(crossSite.status).toBe(403);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM video_uploads").first<{ n: number }>()).toEqual({ n: 0 });
  });
});
