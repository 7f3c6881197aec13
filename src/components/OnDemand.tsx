import { Suspense, useState, type ReactNode } from "react";

/**
 * Renders a part that only an action opens (the main menu, the account panel, the upgrade promo,
 * the error notification, the search overlay) from the first time it is wanted, then keeps it mounted so it can slide
 * shut and open again with its state. Until then neither its HTML nor its chunk is part of the
 * page: a first visit downloads only what it shows. Each sits in a boundary of its own, so the
 * moment its chunk is loading hides nothing else.
 */
export default function OnDemand({ wanted, fallback, children }: { wanted: boolean; fallback?: ReactNode; children: ReactNode }) {
  const [kept, setKept] = useState(wanted);
  if (wanted && !kept) setKept(true);
  return kept || wanted ? <Suspense fallback={fallback}>{children}</Suspense> : null;
}
