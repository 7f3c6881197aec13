import { pageHandle, type ConsoleSection } from "../../layouts/page-handle";
import { page, type LazyPage } from "../lazy-page";
import type { PageRoute } from "../page-route";
import type { Capability } from "../../domain/staff-roles";

/**
 * The club's console: staff only; the worker renders it past the page cache (worker/console/).
 * Each section is a route of its own with its own loader (console.loader.ts, by the same path),
 * so a section loads only its data; those with a label are in the navigation, in this order, for
 * the staff whose roles hold the capability its loader checks (src/domain/staff-roles.ts).
 */
const sections: { path: string; page: LazyPage; label?: string; capability?: Capability; alsoOpenedBy?: Capability }[] = [
  { path: "admin", label: "Live now", capability: "live.view", page: page("Console", () => import("./Console")) },
  { path: "admin/matches", label: "Match day", capability: "match.operate", page: page("ConsoleMatches", () => import("./ConsoleMatches")) },
  { path: "admin/matches/:id/live", page: page("ConsoleMatchLive", () => import("./ConsoleMatchLive")) },
  { path: "admin/revenue", label: "Subscriptions and revenue", capability: "revenue.view", page: page("ConsoleRevenue", () => import("./ConsoleRevenue")) },
  { path: "admin/packages", label: "Packages", capability: "commerce.manage", page: page("ConsolePackages", () => import("./ConsolePackages")) },
  { path: "admin/promotions", label: "Promo codes", capability: "commerce.manage", page: page("ConsolePromotions", () => import("./ConsolePromotions")) },
  { path: "admin/promotions/:id", page: page("ConsolePromotion", () => import("./ConsolePromotion")) },
  { path: "admin/accounts", label: "Accounts", capability: "accounts.view", page: page("ConsoleAccounts", () => import("./ConsoleAccounts")) },
  { path: "admin/accounts/:ssoID", page: page("ConsoleAccount", () => import("./ConsoleAccount")) },
  { path: "admin/webhooks", label: "Webhook health", capability: "webhooks.view", page: page("ConsoleWebhooks", () => import("./ConsoleWebhooks")) },
  { path: "admin/news", label: "News", capability: "content.view", page: page("ConsoleNews", () => import("./ConsoleNews")) },
  { path: "admin/news/:id", page: page("ConsoleArticle", () => import("./ConsoleArticle")) },
  { path: "admin/media", label: "Media library", capability: "media.manage", page: page("ConsoleMedia", () => import("./ConsoleMedia")) },
  { path: "admin/videos", label: "Rovers TV", capability: "video.manage", page: page("ConsoleVideos", () => import("./ConsoleVideos")) },
  { path: "admin/videos/:entryId", page: page("ConsoleVideo", () => import("./ConsoleVideo")) },
  { path: "admin/content/:kind?", label: "Content", capability: "content.view", page: page("ConsoleContent", () => import("./ConsoleContent")) },
  { path: "admin/pages", label: "Pages", capability: "content.view", page: page("ConsolePages", () => import("./ConsolePages")) },
  { path: "admin/faqs", label: "FAQs", capability: "content.view", page: page("ConsoleFaqs", () => import("./ConsoleFaqs")) },
  { path: "admin/fixtures", label: "Fixtures and results", capability: "fixtures.manage", alsoOpenedBy: "commerce.manage", page: page("ConsoleFixtures", () => import("./ConsoleFixtures")) },
  { path: "admin/players", label: "Squads and players", capability: "squads.manage", page: page("ConsolePlayers", () => import("./ConsolePlayers")) },
  { path: "admin/table", label: "League table", capability: "fixtures.manage", page: page("ConsoleLeagueTable", () => import("./ConsoleLeagueTable")) },
  { path: "admin/seasons", label: "Seasons", capability: "content.view", page: page("ConsoleSeasons", () => import("./ConsoleSeasons")) },
  { path: "admin/redirects", label: "Redirects", capability: "content.view", page: page("ConsoleRedirects", () => import("./ConsoleRedirects")) },
  { path: "admin/vouchers", label: "Vouchers", capability: "vouchers.manage", page: page("ConsoleVouchers", () => import("./ConsoleVouchers")) },
  { path: "admin/vouchers/:id", page: page("ConsoleVoucherBatch", () => import("./ConsoleVoucherBatch")) },
  { path: "admin/live", label: "Live streams", capability: "live.manage", page: page("ConsoleLive", () => import("./ConsoleLive")) },
  { path: "admin/live/:id", page: page("ConsoleLiveEvent", () => import("./ConsoleLiveEvent")) },
  { path: "admin/audit", label: "Audit log", capability: "audit.view", page: page("ConsoleAudit", () => import("./ConsoleAudit")) },
  { path: "admin/staff", label: "Staff", capability: "staff.manage", page: page("ConsoleStaff", () => import("./ConsoleStaff")) },
];

/** The navigation links to a section's path without its parameters (/admin/content for /admin/content/:kind?). */
const consoleSections: ConsoleSection[] = sections.flatMap(({ path, label, capability, alsoOpenedBy }) =>
  label && capability ? [{ path: `/${path.replace(/\/:.*$/, "")}`, label, capability, ...(alsoOpenedBy ? { alsoOpenedBy } : {}) }] : [],
);
const handle = { ...pageHandle("content"), consoleSections };

export const consoleRoutes: PageRoute[] = sections.map(({ path, page }) => ({ path, page, handle, data: true }));
