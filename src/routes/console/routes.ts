import { pageHandle, type ConsoleSection } from "../../layouts/page-handle";
import { page, type LazyPage } from "../lazy-page";
import type { PageRoute } from "../page-route";

/**
 * The club's console: staff only; the worker renders it past the page cache (worker/console/).
 * Each section is a route of its own with its own loader (console.loader.ts, by the same path),
 * so a section loads only its data; those with a label are in the navigation, in this order.
 */
const sections: { path: string; page: LazyPage; label?: string }[] = [
  { path: "admin", label: "Live now", page: page("Console", () => import("./Console")) },
  { path: "admin/revenue", label: "Subscriptions and revenue", page: page("ConsoleRevenue", () => import("./ConsoleRevenue")) },
  { path: "admin/accounts", label: "Accounts", page: page("ConsoleAccounts", () => import("./ConsoleAccounts")) },
  { path: "admin/accounts/:ssoID", page: page("ConsoleAccount", () => import("./ConsoleAccount")) },
  { path: "admin/webhooks", label: "Webhook health", page: page("ConsoleWebhooks", () => import("./ConsoleWebhooks")) },
  { path: "admin/content/:kind?", label: "Content", page: page("ConsoleContent", () => import("./ConsoleContent")) },
  { path: "admin/audit", label: "Audit log", page: page("ConsoleAudit", () => import("./ConsoleAudit")) },
];

/** The navigation links to a section's path without its parameters (/admin/content for /admin/content/:kind?). */
const consoleSections: ConsoleSection[] = sections.flatMap(({ path, label }) => (label ? [{ path: `/${path.replace(/\/:.*$/, "")}`, label }] : []));
const handle = { ...pageHandle("content"), consoleSections };

export const consoleRoutes: PageRoute[] = sections.map(({ path, page }) => ({ path, page, handle, data: true }));
