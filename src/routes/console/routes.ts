import { pageHandle } from "../../layouts/page-handle";
import { pages } from "../lazy-pages";
import { loaderFrom, type PageRoute } from "../page-route";

const clubConsole = () => import("./console.loader");
const consoleAccounts = () => import("./console-accounts.loader");
const consoleWebhooks = () => import("./console-webhooks.loader");
const consoleContent = () => import("./console-content.loader");
const consoleStaff = () => import("./console-staff.loader");

/** The club's console: staff only; the worker renders it past the page cache (worker/console/). */
export const consoleRoutes: PageRoute[] = [
  { path: "admin", page: pages.Console, handle: pageHandle("content"), loader: loaderFrom(clubConsole, "liveNowLoader") },
  { path: "admin/revenue", page: pages.ConsoleRevenue, handle: pageHandle("content"), loader: loaderFrom(clubConsole, "revenueLoader") },
  { path: "admin/accounts", page: pages.ConsoleAccounts, handle: pageHandle("content"), loader: loaderFrom(consoleAccounts, "accountsLoader") },
  { path: "admin/accounts/:ssoID", page: pages.ConsoleAccount, handle: pageHandle("content"), loader: loaderFrom(consoleAccounts, "accountLoader") },
  { path: "admin/webhooks", page: pages.ConsoleWebhooks, handle: pageHandle("content"), loader: loaderFrom(consoleWebhooks, "webhooksLoader") },
  { path: "admin/content/:kind?", page: pages.ConsoleContent, handle: pageHandle("content"), loader: loaderFrom(consoleContent, "contentLoader") },
  { path: "admin/audit", page: pages.ConsoleAudit, handle: pageHandle("content"), loader: loaderFrom(consoleContent, "auditLoader") },
  { path: "admin/staff", page: pages.ConsoleStaff, handle: pageHandle("content"), loader: loaderFrom(consoleStaff, "staffLoader") },
];
