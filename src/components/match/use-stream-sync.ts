import { useEffect, useRef, useState } from "react";
import type { LiveMatch, MatchEvent } from "../../schemas/match-live";
import { matchAtPicture, newlyShown, secondsBehind } from "../../domain/stream-sync";
import { pictureTimeOf } from "../../state/picture-clock";

/** How often a synced page looks at the player's position: events show within half a second of their frame. */
export const SYNC_TICK_MS = 500;
/** The supporter's choice, kept in this browser for the next match. */
const SYNC_STORAGE_KEY = "rovers.streamSync";

export interface StreamSync {
  /** the match as the page shows it: as the picture has it while synced and playing, else as the socket has it */
  view: LiveMatch | null;
  on: boolean;
  setOn(on: boolean): void;
  /** seconds the picture is behind the pitch while synced and playing; null otherwise */
  behind: number | null;
}

/**
 * 'Sync with my stream' (src/domain/stream-sync.ts) for the match centre: while it is on and the
 * match's live video `entryID` plays on the page, the match shows as the picture has it, checked
 * every half second; `onShown` hears each event as the picture reaches it (the goal announcement
 * waits for the goal). Off, or with no picture playing, the page follows the socket as before:
 * switching it off catches up at once.
 */
export function useStreamSync(entryID: string | null, state: LiveMatch | null, onShown: (event: MatchEvent, view: LiveMatch) => void): StreamSync {
  const [on, setOnState] = useState(false);
  const [pictureAt, setPictureAt] = useState<number | null>(null);
  const heard = useRef(onShown);
  heard.current = onShown;
  const shown = useRef<LiveMatch | null>(null);

  useEffect(() => {
    try {
      setOnState(localStorage.getItem(SYNC_STORAGE_KEY) === "on");
    } catch {
      // storage refused (private mode): the choice lasts for the page
    }
  }, []);

  useEffect(() => {
    if (!on || entryID === null) return setPictureAt(null);
    const tick = () => setPictureAt(pictureTimeOf(entryID));
    tick();
    const timer = setInterval(tick, SYNC_TICK_MS);
    return () => clearInterval(timer);
  }, [on, entryID]);

  const synced = on && pictureAt !== null && state !== null;
  const view = synced ? matchAtPicture(state, pictureAt) : state;

  // What the picture has just reached is said now, not when the socket brought it.
  useEffect(() => {
    if (!synced || view === null) {
      shown.current = null;
      return;
    }
    for (const event of newlyShown(shown.current, view)) heard.current(event, view);
    shown.current = view;
  }, [synced, view]);

  const setOn = (next: boolean) => {
    setOnState(next);
    try {
      localStorage.setItem(SYNC_STORAGE_KEY, next ? "on" : "off");
    } catch {
      // as above
    }
  };
  return { view, on, setOn, behind: synced ? secondsBehind(pictureAt, Date.now()) : null };
}
