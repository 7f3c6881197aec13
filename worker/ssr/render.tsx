import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { reactRenderer } from "@hono/react-renderer";
import { preloadModule } from "react-dom";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from "react-router";
import { createRoutes } from "../../src/routes";
import { Document } from "../../src/app/Document";
import { serializeRouterData } from "../../src/app/router-data";
import { createD1SiteData } from "../data";
import type { AppEnv } from "../app-env";
import { clientAssets, modulePreloads } from "./assets";
import { fallbackErrorHtml } from "./fallback";

/**
 * Server rendering: react-router's static handler runs the loaders (D1 directly, no HTTP to
 * itself), then React streams the document. Loader redirects are returned as they are.
 */
export async function renderPage(c: Context<AppEnv>): Promise<Response> {
  const routes = createRoutes(createD1SiteData(c.env));
  const preloads = modulePreloads(routes, new URL(c.req.url));
  const handler = createStaticHandler(routes);
  const context = await handler.query(c.req.raw);
  if (context instanceof Response) return context;
  try {
    return await renderContext(c, handler.dataRoutes, context, preloads);
  } catch (error) {
    // A page that throws while rendering: show the error page for it instead.
    console.error(JSON.stringify({ msg: "render failed", path: c.req.path, requestId: c.get("requestId"), error: String(error) }));
    const errorContext: StaticHandlerContext = { ...context, statusCode: 500, errors: { root: error }, loaderData: { root: context.loaderData.root } };
    try {
      return await renderContext(c, handler.dataRoutes, errorContext, clientAssets.preload);
    } catch {
      return c.html(fallbackErrorHtml(), 500);
    }
  }
}

async function renderContext(c: Context<AppEnv>, routes: Parameters<typeof createStaticRouter>[0], context: StaticHandlerContext, preloads: string[]) {
  const router = createStaticRouter(routes, context);
  const renderer = reactRenderer(
    ({ children }) => (
      <Document assets={{ css: clientAssets.css, icons: clientAssets.icons }} routerData={serializeRouterData(context)}>
        <ModulePreloads hrefs={preloads} />
        {children}
      </Document>
    ),
    {
      stream: true,
      readableStreamOptions: {
        bootstrapModules: [clientAssets.entry],
        // Every Suspense boundary is complete when the shell flushes (nothing suspends), and must
        // stay in place: React otherwise moves boundaries past 12.8 kB of output to the end of the
        // stream and reveals them with inline scripts, which the CSP (script-src 'self') blocks.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onError: (error: unknown) => console.error(JSON.stringify({ msg: "stream error", requestId: c.get("requestId"), error: String(error) })),
      },
    },
  );
  await renderer(c, async () => {});
  c.status(context.statusCode as ContentfulStatusCode);
  // hydrate={false}: the hydration data goes in Document's JSON block, not an inline script.
  return c.render(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

/** Server only: React hoists these into <head> as modulepreload links; they render nothing to hydrate. */
function ModulePreloads({ hrefs }: { hrefs: string[] }) {
  for (const href of hrefs) preloadModule(href, { as: "script" });
  return null;
}
