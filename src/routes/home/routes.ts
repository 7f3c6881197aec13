import { pageHandle } from "../../layouts/page-handle";
import { page } from "../lazy-page";
import type { PageRoute } from "../page-route";

export const homeRoutes: PageRoute[] = [{ index: true, page: page("Home", () => import("./Home")), handle: pageHandle("home"), data: true }];
