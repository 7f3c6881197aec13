import type { Context } from "hono";
import { reactRenderer } from "@hono/react-renderer";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from "react-router";
import { createRoutes } from "../../src/routes";
import { Document } from "../../src/app/Document";
import { createD1SiteData } from "../data";
import type { AppEnv } from "../app-env";
import { clientAssets } from "./assets";
import { fallbackErrorHtml } from "./fallback";

/**
 * Server rendering: react-router's static handler runs the loaders (D1 directly, no HTTP to
 * itself), then React streams the document. Loader redirects are returned as they are.
 */
export async function renderPage(c: Context<AppEnv>): Promise<Response> {
  const handler = createStaticHandler(createRoutes(createD1SiteData(c.env)));
  const context = await handler.query(c.req.raw);
  if (context instanceof Response) return context;
  try {
    return await renderContext(c, handler.dataRoutes, context);
  } catch (error) {
    // A page that throws while rendering: show the error page for it instead.
    console.error(JSON.stringify({ msg: "render failed", path: c.req.path, requestId: c.get("requestId"), error: String(error) }));
    const errorContext: StaticHandlerContext = { ...context, statusCode: 500, errors: { root: error }, loaderData: { root: context.loaderData.root } };
    try {
      return await renderContext(c, handler.dataRoutes, errorContext);
    } catch {
      return c.html(fallbackErrorHtml(), 500);
    }
  }
}

async function renderContext(c: Context<AppEnv>, routes: Parameters<typeof createStaticRouter>[0], context: StaticHandlerContext) {
  const nonce = c.get("secureHeadersNonce");
  const router = createStaticRouter(routes, context);
  const renderer = reactRenderer(({ children }) => <Document assets={{ css: clientAssets.css }}>{children}</Document>, {
    stream: true,
    readableStreamOptions: {
      bootstrapModules: [clientAssets.entry],
      nonce,
      onError: (error: unknown) => console.error(JSON.stringify({ msg: "stream error", requestId: c.get("requestId"), error: String(error) })),
    },
  });
  await renderer(c, async () => {});
  c.status(context.statusCode as 200);
  for (const href of clientAssets.preload) c.header("Link", `<${href}>; rel=modulepreload`, { append: true });
  return c.render(<StaticRouterProvider router={router} context={context} nonce={nonce} />);
}
