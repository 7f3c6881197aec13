import { pageHandle } from "../../layouts/page-handle";
import { pages } from "../lazy-pages";
import { loaderFrom, type PageRoute } from "../page-route";

const content = () => import("./content.loader");

/**
 * Legal, club information and hospitality pages come from the CMS page tree like any other page:
 * the catch-all, last in the table.
 */
export const contentRoutes: PageRoute[] = [
  { path: "*", page: pages.ContentPage, handle: pageHandle("content"), loader: loaderFrom(content, "contentPageLoader") },
];
