import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "./app-env";
import { securityHeaders } from "./middleware/security-headers";
import { requestId } from "./middleware/request-id";
import { contentApi } from "./routes/content-api";
import { images } from "./routes/images";
import { apiError } from "./routes/api-errors";
import { renderPage } from "./ssr/render";
import { fallbackErrorHtml } from "./ssr/fallback";

export { StreamSessions } from "../durable-objects/StreamSessions";

const app = new Hono<AppEnv>();

app.use("*", requestId, securityHeaders);

app.route("/api", contentApi);
app.all("/api/*", (c) => apiError(c, 404, "NOT_FOUND", `No API route ${c.req.method} ${c.req.path}`));
app.route("/images", images);

// Everything else is a page: react-router decides between a page, a redirect and the error page.
app.get("*", renderPage);

app.onError((error, c) => {
  const status = error instanceof HTTPException ? error.status : 500;
  console.error(JSON.stringify({ msg: "unhandled", path: c.req.path, requestId: c.get("requestId"), error: String(error) }));
  if (c.req.path.startsWith("/api/")) return apiError(c, status, status === 500 ? "INTERNAL" : "HTTP_ERROR", status === 500 ? "Something went wrong" : error.message);
  return c.html(fallbackErrorHtml(), status);
});

export default app satisfies ExportedHandler<Env>;
