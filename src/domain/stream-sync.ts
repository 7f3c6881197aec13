import type { LiveMatch, MatchEvent } from "../schemas/match-live";
import { liveMatchOf } from "./match-live";

/**
 * 'Sync with my stream': a live stream's picture runs some 10–30 s behind the pitch, while the
 * match's socket brings a goal in under a second. A supporter watching the stream can have the
 * page wait for the picture: the match state is then what it was at the moment the player shows
 * (the playlist's EXT-X-PROGRAM-DATE-TIME at the playing position), so the score, the timeline,
 * the goal announcement and the page title never run ahead of the picture.
 *
 * An event's time is when the club's feed posted it (`createdAt`), which is when it happened on
 * the pitch give or take the operator's tap. A withdrawal carries no time of its own: a withdrawn
 * event simply never shows, so a goal ruled out while the supporter is behind is not shown first.
 */

/** The match as it stood at `pictureAt` (ms since the epoch): only the events posted by then. */
export function matchAtPicture(state: LiveMatch, pictureAt: number): LiveMatch {
  const shown = state.events.filter((event) => postedAt(event) <= pictureAt);
  if (shown.length === state.events.length) return state;
  const view = liveMatchOf(state.matchID, state.seq, shown, state.lineup);
  // Spoiler-free mode hides the score before this: keep it hidden.
  return state.score === null ? { ...view, score: null } : view;
}

/** How far the picture is behind the pitch, in whole seconds (never negative). */
export function secondsBehind(pictureAt: number, now: number): number {
  return Math.max(0, Math.round((now - pictureAt) / 1000));
}

/** The events of `next` that `shown` did not have yet: what a synced page now announces. */
export function newlyShown(shown: LiveMatch | null, next: LiveMatch): MatchEvent[] {
  if (shown === null) return [];
  const before = new Set(shown.events.map((event) => event.id));
  return next.events.filter((event) => !before.has(event.id) && !event.withdrawn);
}

function postedAt(event: MatchEvent): number {
  const at = Date.parse(event.createdAt);
  // An event without a readable time is shown at once rather than held back for ever.
  return Number.isFinite(at) ? at : Number.NEGATIVE_INFINITY;
}
