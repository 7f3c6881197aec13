import { lazyComponent, type LazyComponent } from "./lazy-component";

// Parts that only an action opens: each a chunk of its own, loaded when first wanted (OnDemand) or
// when the pointer or focus reaches the button that opens it (`preload`), whichever comes first.
export const MainMenu = lazyComponent(() => import("./menu/MainMenu"));
export const AccountPanel = lazyComponent(() => import("./account/AccountPanel"));
export const UpgradePromo = lazyComponent(() => import("./promo/UpgradePromo"));
export const PackagesModal = lazyComponent(() => import("./packages/PackagesModal"));
export const ErrorNotification = lazyComponent(() => import("./account/ErrorNotification"));

/** An event handler that starts loading a part's chunk; a failure is left to the render that needs it (it retries). */
export function warm(part: Pick<LazyComponent<never>, "preload">): () => void {
  return () => void part.preload().catch(() => undefined);
}
