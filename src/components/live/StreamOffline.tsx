import type { LiveAsset } from "../../schemas/videos";
import { STREAM_OFFLINE_TEXT } from "../../domain/live-offline";

/** What a live stream's screen says while the stream is not running (the live player page, the match centre). */
export function StreamOffline({ status }: { status: LiveAsset["status"] }) {
  return (
    <div className="locked-panel locked-panel--offline">
      <h2 className="locked-panel__title">{status === "disabled" ? STREAM_OFFLINE_TEXT.disabled : STREAM_OFFLINE_TEXT.idle}</h2>
      <p className="locked-panel__message">{STREAM_OFFLINE_TEXT.message}</p>
    </div>
  );
}
