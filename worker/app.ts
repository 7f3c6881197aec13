import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { securityHeaders } from "./http/security-headers";
import { requestId } from "./http/request-id";
import { limitBodies } from "./http/body-limit";
import { csrfProtection } from "./auth/csrf";
import { requireAuthConfig } from "./auth/require-auth";
import { authRoutes } from "./auth/auth-routes";
import { sessionRoutes } from "./auth/session-routes";
import { entitlementRoutes } from "./auth/entitlement-routes";
import { adminRoutes } from "./club-api/routes";
import { contentApi } from "./content/api";
import { CONTENT_API } from "../src/data/content-api-paths";
import { images } from "./images/image-routes";
import { mediaImages } from "./media-library/serve-routes";
import { playbackRoutes } from "./media/playback-routes";
import { mediaRoutes } from "./media/media-routes";
import { transcoderRoutes } from "./video-pipeline/transcoder-routes";
import { ingestRoutes } from "./live-ingest/ingest-routes";
import { videoSearchRoutes } from "./search/video-search-routes";
import { newsSearchRoutes } from "./search/news-search-routes";
import { liveSessionRoutes, liveStreamRoutes } from "./live/live-session-routes";
import { liveMediaRoutes } from "./live/live-media-routes";
import { streamSocketRoutes } from "./live/stream-socket";
import { stripeWebhook } from "./payments/webhook-route";
import { checkoutRoutes, paymentPortalRoutes } from "./payments/payment-routes";
import { packageRoutes } from "./commercial/package-routes";
import { advertisingRoutes, advertRoutes, experimentRoutes } from "./commercial/advertising-routes";
import { eventRoutes } from "./events/event-routes";
import { matchScoreRoutes } from "./matches/score-routes";
import { matchLiveRoutes, matchSocketRoutes } from "./matches/live-routes";
import { calendarRoutes } from "./calendar/calendar-route";
import { seoRoutes } from "./seo/seo-routes";
import { ApiError, noApiRoute } from "./http/api-error";
import { renderPage } from "./pages/render";
import { withPageCache } from "./pages/page-cache";
import { redirectInsteadOf404 } from "./redirects/lookup";
import { fallbackErrorHtml } from "./pages/fallback";
import { settingsOf, type AppEnv } from "./env";
import { installedDevelopmentKit } from "./development";
import { siteLock, siteLockEntry } from "./site-lock/site-lock";
import { promoOverlayRoutes } from "./commercial/promo-overlays";
import { consoleApi, consolePage } from "./console/console-routes";
import { articlePreview } from "./console/article-preview";
import { voucherRoutes } from "./vouchers/redeem-routes";

/**
 * The worker's one Hono app, built once here: worker/index.ts exports it to workerd and the tests
 * import it. Each middleware is mounted once, where it is needed. The session (a D1 read) is read
 * only by the routers and routes that read the user, each of which says so itself
 * (`use(sessionMiddleware)`, worker/auth/session-middleware.ts): pages, the content API, search,
 * adverts, webhooks and media segments read none, and a page-cache hit touches no D1.
 */
export const app = new Hono<AppEnv>();
// The development build's embedded login portal, dev checkout and state route (worker/development.ts): only
// when worker/dev-index.ts installed them; the production entry has neither, not even their code.
const development = installedDevelopmentKit();

app.use("*", requestId, securityHeaders, limitBodies);
// The e2e tests' D1 route: before the site lock, because the tests read the lock's own settings
// while it is on. Its own guard (token, loopback) is the whole of its access control.
if (development) app.route(development.state.path, development.state.routes);
// Site lock: before every route and the page cache; exempts its own form, sign-in, webhooks, static files.
app.use("*", siteLock);
app.use("/site-lock", csrfProtection());
app.route("/site-lock", siteLockEntry);
// Images need no session: the media library's photos at their served sizes, and generated art.
app.route("/images/media", mediaImages);
app.route("/images", images);

// A state-changing request from another site is refused wherever a cookie could lend it authority
// (no I/O: two headers compared with the site's origin).
for (const path of ["/auth/*", "/sso/*", "/api/*", "/media/*", "/ws/*", "/dev-payments/*"]) app.use(path, csrfProtection());
// Without a complete sign-in configuration these answer 503 AUTH_NOT_CONFIGURED (their tokens are signed
// with the session secret); pages and content still work.
for (const path of ["/auth/*", "/sso/*", "/api/session/*", "/api/users/entitlements/*", "/api/playback/*", "/media/*", "/ws/streams"]) {
  app.use(path, requireAuthConfig);
}

// The embedded dev login portal: 404 unless AUTH_PROVIDER=dev in development or test.
if (development) app.route("/sso", development.portal);
app.route("/auth", authRoutes);
// Live streams: session check, devices, stream assets.
app.route("/api/session", liveSessionRoutes);
app.route("/api/streams", liveStreamRoutes);
app.route("/api/session", sessionRoutes);
app.route("/api/users/entitlements", entitlementRoutes);
app.route("/api/admin", adminRoutes);
app.route("/api/playback", playbackRoutes);
app.route("/api/videos/search", videoSearchRoutes);
app.route("/api/news/search", newsSearchRoutes);
app.route("/api/packages", packageRoutes);
// Both spellings are in use.
app.route("/api/promo-overlays", promoOverlayRoutes);
app.route("/api/promo-overlays/", promoOverlayRoutes);
// Spoiler-free mode: one match's score, on request.
app.route("/api/matches", matchScoreRoutes);
// A live match's state: no session, cached a second at the edge.
app.route("/api/matches", matchLiveRoutes);
app.route("/api/checkout", checkoutRoutes);
// Access vouchers: a signed-in supporter redeems a code the club issued (worker/vouchers/).
app.route("/api/vouchers", voucherRoutes);
app.route("/api/payments", paymentPortalRoutes);
app.route("/api/advertising", advertisingRoutes);
app.route("/api/adverts", advertRoutes);
app.route("/api/experiments", experimentRoutes);
app.route("/api/events", eventRoutes);
// The club's console for staff; a 404 for everyone else.
app.route("/api/console", consoleApi);
// The transcoders' job API: its own bearer token (TRANSCODER_TOKEN), no session.
app.route("/api/transcoder", transcoderRoutes);
// The live ingest service's API: its own bearer token (INGEST_TOKEN), no session.
app.route("/api/ingest", ingestRoutes);
// The content API: its paths are src/data/content-api-paths.ts, shared with the browser.
app.route(CONTENT_API, contentApi);
app.all("/api/*", noApiRoute);
// HLS playlists and segments, only for a valid playback token (worker/media/).
app.route("/media/live", liveMediaRoutes);
app.route("/media", mediaRoutes);
// A match centre's socket, handed to the match's MatchRoom object: before /ws's session middleware, which it does not need.
app.route("/ws/matches", matchSocketRoutes);
// The live player's concurrency socket, handed to the user's StreamSessions object.
app.route("/ws", streamSocketRoutes);

// Stripe's webhooks: no session, no CSRF (the signature is the check).
app.route("/webhooks/stripe", stripeWebhook);
// The embedded dev checkout and portal: 404 unless development/test without STRIPE_SECRET_KEY.
if (development) app.route("/dev-payments", development.payments);

// Fixture calendars (iCalendar feeds), cached at the edge with the content generation.
app.route("/calendar", calendarRoutes);
// sitemap.xml and robots.txt, from D1 and settings.
app.route("/", seoRoutes);

// The console's pages: the site's SSR, past the page cache, staff only (everyone else: the 404 page).
app.route("/admin", consolePage);
// An article's preview: staff, or a signed share link; never the page cache (worker/console/article-preview.ts).
app.route("/news/preview", articlePreview);

// Everything else is a page: react-router decides between a page, a redirect and the error page;
// where it would be the 404, the club's own redirect from that path, if any (worker/redirects/).
app.get("*", async (c) => redirectInsteadOf404(c, await withPageCache(c, (request, variant) => renderPage(c, request, variant))));

app.onError((error, c) => {
  // A refusal a handler or middleware threw: its own status, code and headers, nothing to log.
  if (error instanceof ApiError) return c.json(error.body(), error.status, error.headers);
  const status = error instanceof HTTPException ? error.status : 500;
  console.error(JSON.stringify({ msg: "unhandled", path: c.req.path, requestId: c.get("requestId"), error: String(error) }));
  if (c.req.path.startsWith("/api/")) {
    // The details stay in the log (with the request id); outside development the browser gets a generic text.
    const detail = status === 500 || !isDevelopment(c.env) ? "Something went wrong" : error.message;
    return c.json(new ApiError(status, status === 500 ? "INTERNAL" : "HTTP_ERROR", detail).body(), status);
  }
  return c.html(fallbackErrorHtml(), status);
});

function isDevelopment(env: object): boolean {
  try {
    return settingsOf(env).isDevelopment;
  } catch {
    return false;
  }
}

export default app;
