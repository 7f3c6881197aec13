import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError, fieldErrorsOf } from "../http/api-error";
import { staffActor, writeAudit } from "../audit/audit-log";
import { requireCapability } from "./capabilities";
import { mediaItemOf, mediaPage, mediaRowById, updateMedia } from "../media-library/media-store";
import { deletePrefix, derivedPrefix, mediaBucket } from "../media-library/media-objects";
import { altField, focalFields, uploadPhoto } from "../media-library/upload";
import { deleteUnusedMedia } from "../media-library/media-usage";
import { mediaInUseDetail } from "../../src/domain/media-usage";
import type { MediaItemAnswer, MediaPageAnswer } from "../../src/schemas/media";

/**
 * The console's media library, for `media.manage` (administrators and editors):
 *   GET    /api/console/media?q=&page=   a page of photos, newest first, searched by alt text and file name
 *   GET    /api/console/media/{id}       one photo (an image field's chosen photo, shown beside it)
 *   POST   /api/console/media            multipart: file, alt, focalX, focalY (worker/media-library/upload.ts)
 *   PUT    /api/console/media/{id}       { alt, focalX, focalY }
 *   DELETE /api/console/media/{id}       the row, the original and every size made from it; a photo an
 *                                        article, page, advert, promo or sponsor uses is kept: 409
 *                                        MEDIA_IN_USE naming where (src/domain/media-usage.ts)
 * Every write, refusals too, is audited (`media.upload`, `media.edit`, `media.delete`) with the
 * photo before and after.
 */
export const consoleMediaApi = new Hono<AppEnv>();
consoleMediaApi.use("/media", requireCapability("media.manage"));
consoleMediaApi.use("/media/*", requireCapability("media.manage"));

const pageQuery = z.object({ q: z.string().max(200).catch(""), page: z.coerce.number().int().min(0).max(10_000).catch(0) });
const idParam = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const editBody = z.object({ alt: altField, focalX: focalFields.focalX.unwrap(), focalY: focalFields.focalY.unwrap() });

function actorOf(c: Context<AppEnv>): string {
  const user = c.get("user");
  if (!user) throw new ApiError(404, "NOT_FOUND", "No such route");
  return staffActor(user.ssoID);
}

/** Runs a write and audits its outcome, the refusal's status and code too. */
async function audited<T>(c: Context<AppEnv>, action: string, target: string | null, write: () => Promise<{ answer: T; before: unknown; after: unknown; target?: string }>): Promise<T> {
  const actor = actorOf(c);
  try {
    const done = await write();
    await writeAudit(c, { actor, action, target: done.target ?? target, status: 200, detail: { via: "console", before: done.before, after: done.after } });
    return done.answer;
  } catch (error) {
    if (error instanceof ApiError) await writeAudit(c, { actor, action, target, status: error.status, detail: { via: "console", refused: error.code } });
    throw error;
  }
}

const parseId = (c: Context<AppEnv>) => {
  const id = idParam.safeParse(c.req.param("id"));
  if (!id.success) throw new ApiError(404, "MEDIA_NOT_FOUND", "No such photo in the media library");
  return id.data;
};

consoleMediaApi.get("/media", async (c) => {
  const query = pageQuery.parse({ q: c.req.query("q") ?? "", page: c.req.query("page") ?? 0 });
  const answer: MediaPageAnswer = { data: { attributes: await mediaPage(c.env.DB, query.q, query.page) } };
  return c.json(answer);
});

consoleMediaApi.get("/media/:id", async (c) => {
  const row = await mediaRowById(c.env.DB, parseId(c));
  if (!row) throw new ApiError(404, "MEDIA_NOT_FOUND", "No such photo in the media library");
  const answer: MediaItemAnswer = { data: { attributes: mediaItemOf(row) } };
  return c.json(answer);
});

consoleMediaApi.post("/media", async (c) => {
  const bucket = mediaBucket(c.env);
  const item = await audited(c, "media.upload", null, async () => {
    const row = await uploadPhoto(c.env.DB, bucket, c.req.raw, actorOf(c));
    const after = mediaItemOf(row);
    return { answer: after, before: null, after, target: `media:${row.id}` };
  });
  const answer: MediaItemAnswer = { data: { attributes: item } };
  return c.json(answer, 201);
});

consoleMediaApi.put("/media/:id", async (c) => {
  const id = parseId(c);
  const bucket = mediaBucket(c.env);
  const item = await audited(c, "media.edit", `media:${id}`, async () => {
    const raw: unknown = await c.req.json().catch(() => undefined);
    const body = editBody.safeParse(raw ?? {});
    if (!body.success) throw ApiError.fields(400, "INVALID_INPUT", "Some fields need a change", fieldErrorsOf(body.error));
    const before = await mediaRowById(c.env.DB, id);
    if (!before) throw new ApiError(404, "MEDIA_NOT_FOUND", "No such photo in the media library");
    const after = await updateMedia(c.env.DB, id, body.data);
    if (!after) throw new ApiError(404, "MEDIA_NOT_FOUND", "No such photo in the media library");
    // The old version's sizes are no longer asked for (its URLs redirect): their storage is freed.
    if (after.version !== before.version) await deletePrefix(bucket, derivedPrefix(id, before.version));
    return { answer: mediaItemOf(after), before: mediaItemOf(before), after: mediaItemOf(after) };
  });
  const answer: MediaItemAnswer = { data: { attributes: item } };
  return c.json(answer);
});

consoleMediaApi.delete("/media/:id", async (c) => {
  const id = parseId(c);
  const bucket = mediaBucket(c.env);
  await audited(c, "media.delete", `media:${id}`, async () => {
    const { row, uses } = await deleteUnusedMedia(c.env.DB, id);
    if (uses.length > 0) throw new ApiError(409, "MEDIA_IN_USE", mediaInUseDetail(uses));
    if (!row) throw new ApiError(404, "MEDIA_NOT_FOUND", "No such photo in the media library");
    // The row goes first: from then on no URL serves the photo, and the objects follow.
    await bucket.delete(row.object_key);
    await deletePrefix(bucket, derivedPrefix(id));
    return { answer: null, before: mediaItemOf(row), after: null };
  });
  return c.body(null, 204);
});
