import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { ROUTE_PROGRESS_DURATION_MS, ROUTE_PROGRESS_THROTTLE_MS } from "../domain/route-progress";

type Phase = "idle" | "running" | "done";

/**
 * The route-change progress bar (spec §2): appears only once a navigation has been
 * loading for 200 ms, creeps towards the end over 5000 ms, and completes and fades when
 * the navigation ends. The creep is a CSS transition, so no timer ticks while it runs.
 */
export default function RouteProgress() {
  const navigation = useNavigation();
  const loading = navigation.state !== "idle";
  const [phase, setPhase] = useState<Phase>("idle");

  useEffect(() => {
    if (loading) {
      const timer = window.setTimeout(() => setPhase("running"), ROUTE_PROGRESS_THROTTLE_MS);
      return () => window.clearTimeout(timer);
    }
    setPhase((current) => (current === "running" ? "done" : "idle"));
    return undefined;
  }, [loading]);

  useEffect(() => {
    if (phase !== "done") return;
    const timer = window.setTimeout(() => setPhase("idle"), 400);
    return () => window.clearTimeout(timer);
  }, [phase]);

  return (
    <div
      className="route-progress"
      data-phase={phase}
      role="progressbar"
      aria-label="Loading page"
      // Exposed while a page is loading; its fade-out after the page has arrived is for the eye only.
      aria-hidden={phase !== "running"}
      style={{ "--progress-duration": `${ROUTE_PROGRESS_DURATION_MS}ms` }}
    >
      <div className="route-progress__bar" />
    </div>
  );
}
