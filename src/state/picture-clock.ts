/**
 * Where each live video playing on the page has got to: the player (client/player/use-live-video.ts)
 * registers how to read its picture's time while it plays, and 'Sync with my stream'
 * (src/components/match/use-stream-sync.ts) reads it. A plain module rather than app state: the
 * time moves every frame, and only the one reader that asked needs it, twice a second.
 */
const clocks = new Map<string, () => number | null>();

/** While `entryID` plays: `read` gives its picture's time (ms since the epoch). Returns the undo. */
export function registerPictureClock(entryID: string, read: () => number | null): () => void {
  clocks.set(entryID, read);
  return () => {
    if (clocks.get(entryID) === read) clocks.delete(entryID);
  };
}

/** The picture's time of live stream `entryID`, or null when it is not playing (or carries no time). */
export function pictureTimeOf(entryID: string): number | null {
  return clocks.get(entryID)?.() ?? null;
}
