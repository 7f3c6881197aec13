import { bodyLimit } from "hono/body-limit";
import type { MiddlewareHandler } from "hono";
import { ApiError } from "./api-error";
import { MEDIA_MAX_BYTES } from "../../src/domain/media-image";
import { VIDEO_PART_BYTES } from "../../src/domain/video-upload";
import { CAPTIONS_ERROR_TEXT, CAPTIONS_MAX_BYTES } from "../../src/domain/webvtt";
import { INGEST_MAX_SEGMENT_BYTES } from "../../src/domain/live-ingest";

/** Request bodies larger than this are refused with 413 before anything parses them. */
export const MAX_BODY_BYTES = 64 * 1024;

/** The one route that takes more: a photo uploaded to the media library (worker/console/media.ts). */
export const MEDIA_UPLOAD_PATH = "/api/console/media";
/** Room for the upload's other fields and the form's boundaries beside the photo itself. */
const FORM_ROOM = 64 * 1024;

const small = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw new ApiError(413, "PAYLOAD_TOO_LARGE", "The request body is too large");
  },
});

// The upload's own check (worker/media-library/upload.ts) names the photo's field; this one stops
// a body past the limit while it streams, before it is held in memory.
const upload = bodyLimit({
  maxSize: MEDIA_MAX_BYTES + FORM_ROOM,
  onError: () => {
    throw new ApiError(413, "IMAGE_TOO_LARGE", `The photo is larger than ${MEDIA_MAX_BYTES / 1024 / 1024} MB: export it smaller and try again`);
  },
});

/** A part of a video upload (worker/console/videos.ts): exactly its part's size, checked there. */
const VIDEO_PART_PATH = /^\/api\/console\/videos\/uploads\/[^/]+\/parts\/[^/]+$/;
const videoPart = bodyLimit({
  maxSize: VIDEO_PART_BYTES,
  onError: () => {
    throw new ApiError(413, "PART_TOO_LARGE", `A part is at most ${VIDEO_PART_BYTES / 1024 / 1024} MB`);
  },
});

/** A transcoder's output file (a segment, a poster, a sprite: worker/video-pipeline/transcoder-routes.ts). */
export const OUTPUT_MAX_BYTES = 64 * 1024 * 1024;
const OUTPUT_PATH = /^\/api\/transcoder\/jobs\/[^/]+\/outputs\//;
const output = bodyLimit({
  maxSize: OUTPUT_MAX_BYTES,
  onError: () => {
    throw new ApiError(413, "OUTPUT_TOO_LARGE", `An output file is at most ${OUTPUT_MAX_BYTES / 1024 / 1024} MB`);
  },
});

/** A video's captions file (worker/console/video-publishing.ts): a WebVTT of at most CAPTIONS_MAX_BYTES. */
const CAPTIONS_PATH = /^\/api\/console\/videos\/catalogue\/[^/]+\/captions\/[^/]+$/;
const captions = bodyLimit({
  maxSize: CAPTIONS_MAX_BYTES,
  onError: () => {
    throw ApiError.fields(413, "CAPTIONS_TOO_LARGE", CAPTIONS_ERROR_TEXT.CAPTIONS_TOO_LARGE, [{ field: "captions", detail: CAPTIONS_ERROR_TEXT.CAPTIONS_TOO_LARGE }]);
  },
});

/** A live ingest file (worker/live-ingest/ingest-routes.ts bounds each kind of file more tightly). */
const INGEST_PATH = /^\/api\/ingest\/events\/[^/]+\/files\//;
const ingestFile = bodyLimit({
  maxSize: INGEST_MAX_SEGMENT_BYTES,
  onError: () => {
    throw new ApiError(413, "INGEST_FILE_TOO_LARGE", `A live file is at most ${INGEST_MAX_SEGMENT_BYTES / 1024 / 1024} MB`);
  },
});

export const limitBodies: MiddlewareHandler = (c, next) => {
  const { method, path } = c.req;
  if (method === "POST" && path === MEDIA_UPLOAD_PATH) return upload(c, next);
  if (method === "PUT" && VIDEO_PART_PATH.test(path)) return videoPart(c, next);
  if (method === "PUT" && OUTPUT_PATH.test(path)) return output(c, next);
  if (method === "PUT" && CAPTIONS_PATH.test(path)) return captions(c, next);
  if (method === "PUT" && INGEST_PATH.test(path)) return ingestFile(c, next);
  return small(c, next);
};
