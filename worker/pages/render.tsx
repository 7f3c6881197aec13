import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { reactRenderer } from "@hono/react-renderer";
import { preloadModule } from "react-dom";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from "react-router";
import { createRoutes, type LoadRoute } from "../../src/routes/routes";
import { Document } from "../../src/app/Document";
import { serializeRouterData } from "../../src/app/router-data";
import type { PageContext, PreviewGrant, StaffMember } from "./loader";
import { loaderOf } from "./route-loaders";
import { settingsOf, siteOriginOf, type AppEnv } from "../env";
import { clientAssets, modulePreloads } from "./assets";
import { fallbackErrorHtml } from "./fallback";
import { pageVariantOf, type PageVariant } from "./page-variant";
import { routeDataAnswer, routeDataRequestOf } from "./route-data";
import { loadLazyComponents } from "../../src/components/lazy-component";
import { provideClubTimeText } from "../../src/components/club-time";
import { clubTimeText } from "../../src/domain/date-format";

// The server prints every date a page shows; the browser keeps them (src/components/ClubTime.tsx).
provideClubTimeText(clubTimeText);

/**
 * Server rendering: react-router's static handler runs the loaders (D1 directly, no HTTP to
 * itself), then React streams the document. Loader redirects are returned as they are. `staff`:
 * the staff member, only from the console's own page route (worker/console/console-routes.ts).
 * A browser navigation's data request (the same URL with the route-data header) is answered by
 * the same handler with the same reads and variant: that one loader's result as JSON (route-data.ts).
 */
export async function renderPage(
  c: Context<AppEnv>,
  request: Request = c.req.raw,
  variant: PageVariant = pageVariantOf(c),
  staff: StaffMember | null = null,
  preview: PreviewGrant | null = null,
): Promise<Response> {
  const routes = createRoutes(runLoaderWith({ env: c.env, preferences: variant.preferences, staff, preview }));
  const handler = createStaticHandler(routes);
  const routeId = routeDataRequestOf(request);
  if (routeId !== undefined) return routeDataAnswer(c, handler, request, routeId);
  const preloads = modulePreloads(routes, new URL(request.url));
  // The lazy parts load once per isolate, so rendering never suspends on them: the layout's beside
  // the query, then those the page's own module defines (its lower regions), once the query has
  // loaded that module.
  const [queried] = await Promise.all([handler.query(request), loadLazyComponents()]);
  await loadLazyComponents();
  if (queried instanceof Response) return queried;
  const context = withPublicErrors(c, queried);
  try {
    const response = await renderContext(c, handler.dataRoutes, context, preloads, variant);
    // A loader that shows something live says so (`pageCache: false`): the page cache keeps no copy.
    if (Object.values(context.loaderData).some(uncacheable)) response.headers.set("Cache-Control", "no-store");
    return response;
  } catch (error) {
    // A page that throws while rendering: show the error page for it instead.
    console.error(JSON.stringify({ msg: "render failed", path: c.req.path, requestId: c.get("requestId"), error: String(error) }));
    const errorContext = withPublicErrors(c, { ...context, statusCode: 500, errors: { root: error }, loaderData: { root: context.loaderData.root } });
    try {
      return await renderContext(c, handler.dataRoutes, errorContext, clientAssets.preload, variant);
    } catch {
      return c.html(fallbackErrorHtml(), 500);
    }
  }
}

async function renderContext(
  c: Context<AppEnv>,
  routes: Parameters<typeof createStaticRouter>[0],
  context: StaticHandlerContext,
  preloads: string[],
  variant: PageVariant,
) {
  const router = createStaticRouter(routes, context);
  const renderer = reactRenderer(
    ({ children }) => (
      <Document assets={{ css: clientAssets.css, styles: clientAssets.styles, icons: clientAssets.icons, origin: siteOriginOf(c.env, c.req.url) }} routerData={serializeRouterData(context)} signedInHint={variant.signedInHint} preferences={variant.preferences}>
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

/**
 * Outside development a loader's own error text (which may name a table or a query) never reaches
 * the browser's hydration data: the page shows its generic error and the details go to the log
 * with the request id. Route error responses (404 and the like) are the page's answer and stay.
 */
function withPublicErrors(c: Context<AppEnv>, context: StaticHandlerContext): StaticHandlerContext {
  if (!context.errors || settingsOf(c.env).isDevelopment) return context;
  const errors: Record<string, unknown> = {};
  for (const [routeId, error] of Object.entries(context.errors)) {
    if (error instanceof Error) {
      console.error(JSON.stringify({ msg: "loader failed", path: c.req.path, routeId, requestId: c.get("requestId"), error: String(error) }));
      errors[routeId] = new Error("Something went wrong");
    } else {
      errors[routeId] = error;
    }
  }
  return { ...context, errors };
}

/** Server only: React hoists these into <head> as modulepreload links; they render nothing to hydrate. */
function ModulePreloads({ hrefs }: { hrefs: string[] }) {
  for (const href of hrefs) preloadModule(href, { as: "script" });
  return null;
}

/** On the server a route's data is its loader's result, run here over D1/KV. */
function runLoaderWith(context: PageContext): LoadRoute {
  return (args, route) => loaderOf(route.id)(args, context);
}

const uncacheable = (data: unknown) => typeof data === "object" && data !== null && "pageCache" in data && data.pageCache === false;
