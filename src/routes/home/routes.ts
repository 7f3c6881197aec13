import { pageHandle } from "../../layouts/page-handle";
import { pages } from "../lazy-pages";
import { loaderFrom, type PageRoute } from "../page-route";

// The family's loader module, fetched on first use (see createRoutes in ../routes.tsx).
const home = () => import("./home.loader");

export const homeRoutes: PageRoute[] = [{ index: true, page: pages.Home, handle: pageHandle("home"), loader: loaderFrom(home, "homeLoader") }];
