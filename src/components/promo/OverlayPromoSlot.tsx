import { lazy, Suspense, useEffect, useState, type ComponentType } from "react";

/**
 * Where the overlay promo of spec §4 mounts (client/promo/OverlayPromoHost.tsx: fetch on load and
 * when the tab becomes visible, the window and seen-cookie rule, the dialog). Its code is a chunk
 * the browser entry registers and this slot loads once the page has hydrated: the server renders
 * no promo, and what a first visit downloads does not grow.
 */
let LazyHost: ComponentType | null = null;

export function registerOverlayPromo(load: () => Promise<{ default: ComponentType }>): void {
  LazyHost = lazy(load);
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
