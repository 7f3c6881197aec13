import { bodyLimit } from "hono/body-limit";
import { ApiError } from "./api-error";

/** Request bodies larger than this are refused with 413 before anything parses them. */
export const MAX_BODY_BYTES = 64 * 1024;

export const limitBodies = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw new ApiError(413, "PAYLOAD_TOO_LARGE", "The request body is too large");
  },
});
