import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Browser } from "./auth-test-app";
import { account, expectNotFoundPage, roleAccount } from "./staff-accounts";
import { averageColour, avifPhoto, photo } from "./photo-fixtures";
import { sniffImage } from "../../src/domain/image-sniff";
import { MEDIA_MAX_BYTES } from "../../src/domain/media-image";
import type { MediaItem, MediaItemAnswer, MediaPage } from "../../src/schemas/media";

/** The media library: uploads (type from the bytes, limits, nothing half-written), edits, deletes, and photos served resized. */

type ErrorItem = { code: string; field?: string; detail: string };
const errorsOf = async (res: Response) => ((await res.json()) as { errors: ErrorItem[] }).errors;

function uploadBody(file: { bytes: Uint8Array<ArrayBuffer>; name: string; type?: string } | null, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  if (file) form.append("file", new File([file.bytes], file.name, { type: file.type ?? "application/octet-stream" }));
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}
const upload = (b: Browser, form: FormData) => b.fetch("/api/console/media", { method: "POST", body: form });
async function uploaded(b: Browser, bytes: Uint8Array<ArrayBuffer>, name: string, fields: Record<string, string> = { alt: "A test photo" }): Promise<MediaItem> {
  const res = await upload(b, uploadBody({ bytes, name }, fields));
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as MediaItemAnswer).data.attributes;
}

const editor = () => roleAccount("media-editor", ["editor"]);
const rowCount = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM media").first<{ n: number }>())!.n;
const objectKeys = async (prefix: string) => (await env.MEDIA.list({ prefix })).objects.map((o) => o.key);
const objectKeyOf = async (id: number) => (await env.DB.prepare("SELECT object_key FROM media WHERE id = ?1").bind(id).first<{ object_key: string }>())?.object_key ?? null;
const auditOf = async (target: string, action: string) =>
  (await env.DB.prepare("SELECT actor, status, detail FROM admin_audit_log WHERE target = ?1 AND action = ?2 ORDER BY id").bind(target, action).all<{ actor: string; status: number; detail: string }>()).results.map((r) => ({
    ...r,
    detail: JSON.parse(r.detail) as { before: MediaItem | null; after: MediaItem | null },
  }));

/** What a failed upload must leave: the same rows and the same originals as before it. */
async function expectNothingWritten(before: { rows: number; objects: string[] }) {
  expect(await rowCount()).toBe(before.rows);
  expect(await objectKeys("originals/")).toEqual(before.objects);
}
const snapshot = async () => ({ rows: await rowCount(), objects: await objectKeys("originals/") });

describe("uploads", () => {
  it("stores each format with the type and size read from its bytes, the original in R2, and audits it", async () => {
    const { b, identity } = await editor();
    const cases = [
      { bytes: await photo("jpeg", 320, 240), name: "stand.jpeg", type: "image/jpeg", width: 320, height: 240 },
      { bytes: await photo("png", 200, 100), name: "crest.png", type: "image/png", width: 200, height: 100 },
      { bytes: await photo("webp", 160, 90), name: "pitch.webp", type: "image/webp", width: 160, height: 90 },
      { bytes: avifPhoto(), name: "night.avif", type: "image/avif", width: 96, height: 64 },
    ];
    for (const c of cases) {
      const item = await uploaded(b, c.bytes, c.name, { alt: `Alt of ${c.name}`, focalX: "0.25", focalY: "0.75" });
      expect(item, c.name).toMatchObject({ fileName: c.name, contentType: c.type, width: c.width, height: c.height, bytes: c.bytes.byteLength, alt: `Alt of ${c.name}`, focalX: 0.25, focalY: 0.75, version: 1 });
      const object = await env.MEDIA.get((await objectKeyOf(item.id))!);
      expect(object?.httpMetadata?.contentType).toBe(c.type);
      expect(new Uint8Array(await object!.arrayBuffer())).toEqual(c.bytes);
      const [entry] = await auditOf(`media:${item.id}`, "media.upload");
      expect(entry).toMatchObject({ actor: `staff:${identity.ssoID}`, status: 200 });
      expect(entry!.detail.before).toBeNull();
      expect(entry!.detail.after).toMatchObject({ id: item.id, alt: `Alt of ${c.name}` });
      // each format decodes for resizing (AVIF with libavif's decoder)
      const resized = new Uint8Array(await (await b.fetch(`/images/media/${item.id}/1/160x120.jpeg`)).arrayBuffer());
      expect(sniffImage(resized), c.name).toEqual({ type: "image/jpeg", width: 160, height: 120 });
    }
  });

  it("trusts neither the name nor the declared type: a PNG named .jpg and sent as image/jpeg is stored as a PNG", async () => {
    const { b } = await editor();
    const res = await upload(b, uploadBody({ bytes: await photo("png", 64, 48), name: "holiday.jpg", type: "image/jpeg" }, { alt: "Renamed" }));
    expect(res.status).toBe(201);
    const item = ((await res.json()) as MediaItemAnswer).data.attributes;
    expect(item).toMatchObject({ contentType: "image/png", width: 64, height: 48, fileName: "holiday.jpg" });
    expect((await env.MEDIA.head((await objectKeyOf(item.id))!))?.httpMetadata?.contentType).toBe("image/png");
  });

  it("refuses a text file named .jpg: 400 UNSUPPORTED_IMAGE on the file's field, nothing written", async () => {
    const { b } = await editor();
    const before = await snapshot();
    const text = new TextEncoder().encode("<html><body>not a photo</body></html>") as Uint8Array<ArrayBuffer>;
    const res = await upload(b, uploadBody({ bytes: text, name: "photo.jpg", type: "image/jpeg" }, { alt: "Fake" }));
    expect(res.status).toBe(400);
    expect(await errorsOf(res)).toEqual([{ code: "UNSUPPORTED_IMAGE", field: "file", detail: "This file is not a JPEG, PNG, WebP or AVIF photo" }]);
    await expectNothingWritten(before);
  });

  it("refuses a photo over 20 MB with 413 IMAGE_TOO_LARGE on the file's field, and a body far past it while it streams", async () => {
    const { b } = await editor();
    const before = await snapshot();
    // a real JPEG start, then padding to one byte past the limit
    const big = new Uint8Array(MEDIA_MAX_BYTES + 1);
    big.set(await photo("jpeg", 32, 32));
    const res = await upload(b, uploadBody({ bytes: big, name: "huge.jpg" }, { alt: "Too big" }));
    expect(res.status).toBe(413);
    const [error] = await errorsOf(res);
    expect(error).toMatchObject({ code: "IMAGE_TOO_LARGE", field: "file" });
    expect(error!.detail).toContain("20 MB");
    const far = await upload(b, uploadBody({ bytes: new Uint8Array(MEDIA_MAX_BYTES + 200_000), name: "far.jpg" }, { alt: "Far too big" }));
    expect(far.status).toBe(413);
    expect((await errorsOf(far))[0]!.code).toBe("IMAGE_TOO_LARGE");
    await expectNothingWritten(before);
  });

  it("needs alt text, a file and a focal point within 0–1, each named beside its field", async () => {
    const { b } = await editor();
    const before = await snapshot();
    const noAlt = await upload(b, uploadBody({ bytes: await photo("jpeg", 64, 64), name: "a.jpg" }, { alt: "   ", focalX: "1.5" }));
    expect(noAlt.status).toBe(400);
    expect(await errorsOf(noAlt)).toEqual([
      { code: "INVALID_INPUT", field: "alt", detail: "Describe the photo for people who cannot see it" },
      { code: "INVALID_INPUT", field: "focalX", detail: "The focal point's x is from 0 to 1" },
    ]);
    const noFile = await upload(b, uploadBody(null, { alt: "Something" }));
    expect(noFile.status).toBe(400);
    expect(await errorsOf(noFile)).toEqual([{ code: "INVALID_INPUT", field: "file", detail: "Choose a photo to upload" }]);
    const cut = await b.fetch("/api/console/media", { method: "POST", headers: { "content-type": "multipart/form-data; boundary=xyz" }, body: "--xyz\r\nContent-Disposition: form-data; name=\"alt\"\r\n\r\nhal" });
    expect(cut.status).toBe(400);
    expect((await errorsOf(cut))[0]!.code).toBe("MALFORMED_BODY");
    await expectNothingWritten(before);
  });

  it("leaves no object behind when the row cannot be written", async () => {
    const { b } = await editor();
    await env.DB.exec("CREATE TRIGGER media_refuses_for_test BEFORE INSERT ON media BEGIN SELECT RAISE(ABORT, 'refused by the test'); END;");
    try {
      const before = await snapshot();
      const res = await upload(b, uploadBody({ bytes: await photo("jpeg", 64, 64), name: "lost.jpg" }, { alt: "Never stored" }));
      expect(res.status).toBe(500);
      await expectNothingWritten(before);
    } finally {
      await env.DB.exec("DROP TRIGGER media_refuses_for_test");
    }
  });

  it("is for media.manage only: support gets 403 CAPABILITY_REQUIRED, audited, and nothing is stored", async () => {
    const { b, identity } = await roleAccount("media-support", ["support"]);
    const before = await snapshot();
    const res = await upload(b, uploadBody({ bytes: await photo("jpeg", 64, 64), name: "x.jpg" }, { alt: "No" }));
    expect(res.status).toBe(403);
    expect((await errorsOf(res))[0]!.code).toBe("CAPABILITY_REQUIRED");
    expect((await b.fetch("/api/console/media")).status).toBe(403);
    const refused = await env.DB.prepare("SELECT status FROM admin_audit_log WHERE actor = ?1 AND action = 'POST /api/console/media'").bind(`staff:${identity.ssoID}`).first<{ status: number }>();
    expect(refused?.status).toBe(403);
    await expectNothingWritten(before);
  });
});

describe("served resized", () => {
  it("serves the asked size for real, smaller in bytes than the original, made once and then read from R2", async () => {
    const { b } = await editor();
    const original = await photo("jpeg", 1600, 1200);
    const item = await uploaded(b, original, "wide.jpg");
    for (const [path, type, width, height] of [
      [`/images/media/${item.id}/1/375x211.webp`, "image/webp", 375, 211],
      [`/images/media/${item.id}/1/750x750.jpeg`, "image/jpeg", 750, 750],
    ] as const) {
      const res = await b.fetch(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toBe(type);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(sniffImage(bytes)).toEqual({ type, width, height });
      expect(bytes.byteLength).toBeLessThan(original.byteLength / 4);
    }
    expect((await objectKeys(`derived/${item.id}/1/`)).sort()).toEqual([`derived/${item.id}/1/375x211.webp`, `derived/${item.id}/1/750x750.jpeg`]);
    // the second request is the stored object: replace it and the answer follows
    await env.MEDIA.put(`derived/${item.id}/1/375x211.webp`, "stored");
    expect(await (await b.fetch(`/images/media/${item.id}/1/375x211.webp`)).text()).toBe("stored");
  });

  it("crops around the focal point: red left half, blue right half, a square at x 0.1 is red and at x 0.9 blue", async () => {
    const { b } = await editor();
    const split = await photo("jpeg", 800, 400, true);
    const item = await uploaded(b, split, "halves.jpg", { alt: "Two halves", focalX: "0.1", focalY: "0.5" });
    const [r1, , b1] = await averageColour(await (await b.fetch(`/images/media/${item.id}/1/160x160.jpeg`)).arrayBuffer());
    expect(r1).toBeGreaterThan(180);
    expect(b1).toBeLessThan(80);
    const res = await b.fetch(`/api/console/media/${item.id}`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ alt: "Two halves", focalX: 0.9, focalY: 0.5 }) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as MediaItemAnswer).data.attributes.version).toBe(2);
    // the old version's URL is sent to the new one, and the old sizes are gone from R2
    const old = await b.fetch(`/images/media/${item.id}/1/160x160.jpeg`);
    expect(old.status).toBe(302);
    expect(old.headers.get("location")).toBe(`/images/media/${item.id}/2/160x160.jpeg`);
    expect(await objectKeys(`derived/${item.id}/1/`)).toEqual([]);
    const [r2, , b2] = await averageColour(await (await b.fetch(`/images/media/${item.id}/2/160x160.jpeg`)).arrayBuffer());
    expect(b2).toBeGreaterThan(180);
    expect(r2).toBeLessThan(80);
  });

  it("serves only the listed sizes and formats: anything else is 404, as is an unknown photo", async () => {
    const { b } = await editor();
    const item = await uploaded(b, await photo("png", 64, 64), "small.png");
    for (const path of [`/images/media/${item.id}/1/376x376.webp`, `/images/media/${item.id}/1/4000x4000.webp`, `/images/media/${item.id}/1/750x750.gif`, `/images/media/${item.id}/1/750x750.avif`, `/images/media/x/1/750x750.webp`]) {
      const res = await b.fetch(path);
      expect(res.status, path).toBe(404);
      expect((await errorsOf(res))[0]!.code).toBe("IMAGE_SIZE_INVALID");
    }
    expect((await b.fetch("/images/media/99999999/1/750x750.webp")).status).toBe(404);
    expect(await objectKeys(`derived/${item.id}/`)).toEqual([]);
  });
});

describe("edit, search and delete", () => {
  it("edits alt text (same version) and the focal point (next version), audited with before and after; refuses bad input per field", async () => {
    const { b } = await editor();
    const item = await uploaded(b, await photo("jpeg", 200, 200), "edit-me.jpg", { alt: "Before" });
    const put = (body: unknown) => b.fetch(`/api/console/media/${item.id}`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const altOnly = await put({ alt: "After", focalX: 0.5, focalY: 0.5 });
    expect(((await altOnly.json()) as MediaItemAnswer).data.attributes).toMatchObject({ alt: "After", version: 1 });
    const bad = await put({ alt: "", focalX: -1, focalY: 0.5 });
    expect(bad.status).toBe(400);
    expect((await errorsOf(bad)).map((e) => e.field)).toEqual(["alt", "focalX"]);
    const entries = await auditOf(`media:${item.id}`, "media.edit");
    expect(entries.map((e) => e.status)).toEqual([200, 400]);
    expect(entries[0]!.detail.before).toMatchObject({ alt: "Before" });
    expect(entries[0]!.detail.after).toMatchObject({ alt: "After" });
    expect((await put({ alt: "Gone", focalX: 0.5, focalY: 0.5 }).then((r) => r.status))).toBe(200);
    expect((await b.fetch("/api/console/media/99999999", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ alt: "x", focalX: 0.5, focalY: 0.5 }) })).status).toBe(404);
  });

  it("searches alt texts and file names, a page at a time", async () => {
    const { b } = await editor();
    const tag = `kit${Date.now().toString(36)}`;
    await uploaded(b, await photo("jpeg", 64, 64), `${tag}-home.jpg`, { alt: "Home shirt" });
    await uploaded(b, await photo("jpeg", 64, 64), "away.jpg", { alt: `Away shirt ${tag.toUpperCase()}` });
    const res = await b.fetch(`/api/console/media?q=${tag}`);
    const page = ((await res.json()) as { data: { attributes: MediaPage } }).data.attributes;
    expect(page.total).toBe(2);
    expect(page.items.map((i) => i.alt).sort()).toEqual([`Away shirt ${tag.toUpperCase()}`, "Home shirt"]);
    const none = ((await (await b.fetch("/api/console/media?q=%25nothing%25")).json()) as { data: { attributes: MediaPage } }).data.attributes;
    expect(none.total).toBe(0);
  });

  it("deletes the row, the original and every size made from it, audited with what was there", async () => {
    const { b } = await editor();
    const item = await uploaded(b, await photo("jpeg", 400, 300), "delete-me.jpg");
    const key = (await objectKeyOf(item.id))!;
    expect((await b.fetch(`/images/media/${item.id}/1/160x120.webp`)).status).toBe(200);
    const res = await b.fetch(`/api/console/media/${item.id}`, { method: "DELETE" });
    expect(res.status).toBe(204);
    expect(await objectKeyOf(item.id)).toBeNull();
    expect(await env.MEDIA.head(key)).toBeNull();
    expect(await objectKeys(`derived/${item.id}/`)).toEqual([]);
    expect((await b.fetch(`/images/media/${item.id}/1/160x120.webp`)).status).toBe(404);
    const [entry] = await auditOf(`media:${item.id}`, "media.delete");
    expect(entry!.detail.before).toMatchObject({ fileName: "delete-me.jpg" });
    expect(entry!.detail.after).toBeNull();
    expect((await b.fetch(`/api/console/media/${item.id}`, { method: "DELETE" })).status).toBe(404);
  });
});

describe("the console page /admin/media", () => {
  it("is the 404 page for a supporter, a 403 page for support, and the library for an editor", async () => {
    await expectNotFoundPage((await account("media-fan")).b, "/admin/media", "Media library");
    const support = await (await roleAccount("media-page-support", ["support"])).b.fetch("/admin/media");
    expect(support.status).toBe(403);
    expect(await support.text()).not.toContain("Upload a photo");
    const { b } = await editor();
    const item = await uploaded(b, await photo("jpeg", 320, 240), "page-photo.jpg", { alt: "Shown on the page" });
    const res = await b.fetch(`/admin/media?q=${encodeURIComponent("Shown on the page")}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const html = await res.text();
    expect(html).toContain("Upload a photo");
    // the grid's picture: WebP srcset at served widths up to the original's, a JPEG fallback, its size set
    expect(html).toContain(`srcSet="/images/media/${item.id}/1/160x120.webp 160w, /images/media/${item.id}/1/320x240.webp 320w"`);
    // the search box keeps the words as typed
    expect(html).toContain('value="Shown on the page"');
    expect(html).toMatch(new RegExp(`<img[^>]*src="/images/media/${item.id}/1/320x240.jpeg"[^>]*width="240"[^>]*height="180"`));
  });
});
