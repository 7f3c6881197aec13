import { pageHandle } from "../../layouts/page-handle";
import { pages } from "../lazy-pages";
import { loaderFrom, type PageRoute } from "../page-route";

// The payment result pages read a CMS page like any content page: its loader module is content's.
const content = () => import("../content/content.loader");

/** The sign-in page (no data of its own). */
export const loginRoutes: PageRoute[] = [{ path: "account/login", page: pages.Login, handle: pageHandle("login") }];

/** Where the checkout returns to. */
export const paymentRoutes: PageRoute[] = [
  { path: "payment-successful", page: pages.PaymentResult, handle: pageHandle("content"), loader: loaderFrom(content, "paymentPageLoader") },
  { path: "payment-cancelled", page: pages.PaymentResult, handle: pageHandle("content"), loader: loaderFrom(content, "paymentPageLoader") },
];
