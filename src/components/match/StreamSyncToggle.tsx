import type { StreamSync } from "./use-stream-sync";

/**
 * The match centre's 'Sync with my stream' switch, under the live video: on, the page waits for the
 * picture (use-stream-sync.ts). The note says what it is doing; it is not a live region, since the
 * seconds behind change all the time.
 */
export function StreamSyncToggle({ sync }: { sync: StreamSync }) {
  const note = !sync.on
    ? "Goals can show here before your picture reaches them."
    : sync.behind !== null
      ? `The page waits for your picture: ${sync.behind} s behind the pitch.`
      : "The page will wait for your picture once the video plays.";
  return (
    <div className="stream-sync">
      <label className="stream-sync__switch">
        <input type="checkbox" checked={sync.on} onChange={(e) => sync.setOn(e.currentTarget.checked)} aria-describedby="stream-sync-note" />
        <span>Sync with my stream</span>
      </label>
      <p className="stream-sync__note" id="stream-sync-note">
        {note}
      </p>
    </div>
  );
}
