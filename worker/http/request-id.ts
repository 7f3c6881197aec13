import { requestId as honoRequestId } from "hono/request-id";

/** Echoes a caller's X-Request-Id when it looks sane, else makes one; errors log it. */
export const requestId = honoRequestId({
  headerName: "X-Request-Id",
  limitLength: 64,
});
