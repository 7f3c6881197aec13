import type { ReactNode } from "react";

/**
 * A console table's wrapper: wide tables scroll sideways on a phone, and a scrolling region must be
 * reachable by keyboard and named (axe scrollable-region-focusable), so it is a focusable region
 * named by the table's heading.
 */
export function ScrollTable({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div className="console__table-wrap" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  );
}
