import { useEffect } from "react";
import { useAppState } from "../state/store";

/**
 * While `locked`, the page under a modal panel does not scroll (spec §4 'Panels and background
 * lock'); unlocked again when the panel closes or unmounts.
 */
export function useBackgroundLock(locked: boolean): void {
  const { dispatch } = useAppState();
  useEffect(() => {
    if (!locked) return;
    dispatch({ type: "backgroundLock/set", locked: true });
    return () => dispatch({ type: "backgroundLock/set", locked: false });
  }, [locked, dispatch]);
}
