import "react";

// The custom properties components set inline, typed like any other style.
declare module "react" {
  interface CSSProperties {
    /** a package carousel's slides per view (src/components/packages/PackageCarousel.tsx) */
    "--per-view"?: number;
    /** the route progress bar's run (src/components/RouteProgress.tsx) */
    "--progress-duration"?: string;
  }
}
