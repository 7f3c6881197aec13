/**
 * When the match centre's live video docks (spec §3 `matchCentre.dockedVideo`):
 * while it is open and its place on the page is mostly out of view (scrolled past, either way), it
 * plays on as a mini player in a corner; as soon as half its place is back in view it returns
 * there. The place keeps its size while the video is docked, so docking never moves the page and
 * cannot flip the answer back by itself.
 */

/** At least this share of the place in view keeps the video in it. */
export const UNDOCK_VISIBLE_RATIO = 0.5;

export function shouldDock(videoOpen: boolean, visibleRatio: number): boolean {
  return videoOpen && visibleRatio < UNDOCK_VISIBLE_RATIO;
}
