import { pageHandle } from "../../layouts/page-handle";
import { page } from "../lazy-page";
import type { PageRoute } from "../page-route";

/**
 * Legal, club information and hospitality pages come from the CMS page tree like any other page:
 * the catch-all, last in the table.
 */
export const contentRoutes: PageRoute[] = [{ path: "*", page: page("ContentPage", () => import("./ContentPage")), handle: pageHandle("content"), data: true }];
