import { lazy, Suspense, useEffect, useState, type ComponentType } from "react";

/**
 * Where the overlay promo of spec §4 mounts (client/promo/OverlayPromoHost.tsx: fetch on load and
 * when the tab becomes visible, the window and seen-cookie rule, the dialog). Its code is a chunk
 * the browser entry registers and starts loading with the page; the slot mounts it once the page
 * has hydrated. The server renders no promo, and the HTML's scripts and preloads do not grow.
 */
let LazyHost: ComponentType | null = null;

export function registerOverlayPromo(load: () => Promise<{ default: ComponentType }>): void {
  // The chunk (which asks for the promos as it loads) starts with the page, beside hydration: for
  // a new visitor the promo is the largest thing on screen, and chunk, list and image one after
  // the other once hydration had ended made it paint seconds after the page (Lighthouse's LCP).
  const loading = load();
  LazyHost = lazy(() => loading);
}

export default function OverlayPromoSlot() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated || !LazyHost) return null;
  return (
    <Suspense fallback={null}>
      <LazyHost />
    </Suspense>
  );
}
