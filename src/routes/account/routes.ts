import { pageHandle } from "../../layouts/page-handle";
import { page } from "../lazy-page";
import type { PageRoute } from "../page-route";

/** The sign-in page (no data of its own). */
export const loginRoutes: PageRoute[] = [{ path: "account/login", page: page("Login", () => import("./Login")), handle: pageHandle("login") }];

const PaymentResult = page("PaymentResult", () => import("./PaymentResult"));

/** Where the checkout returns to: CMS pages at those paths (their loader is the content family's). */
export const paymentRoutes: PageRoute[] = [
  { path: "payment-successful", page: PaymentResult, handle: pageHandle("content"), data: true },
  { path: "payment-cancelled", page: PaymentResult, handle: pageHandle("content"), data: true },
];
