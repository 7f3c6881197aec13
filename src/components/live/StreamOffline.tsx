import type { LiveAsset } from "../../schemas/videos";

/** What a live stream's screen says while the stream is not running (the live player page, the match centre). */
export function StreamOffline({ status }: { status: LiveAsset["status"] }) {
  return (
    <div className="locked-panel locked-panel--offline">
      <h2 className="locked-panel__title">{status === "disabled" ? "This stream is not available" : "This stream has not started yet"}</h2>
      <p className="locked-panel__message">The player is live only during the match. Please come back at kick-off.</p>
    </div>
  );
}
