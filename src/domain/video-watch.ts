/**
 * Seconds watched, from the player's position reports (PUT /api/playback/position, signed-in
 * viewers only). A report adds how far the position moved forward since the last one, but never
 * more than the wall time between them (plus a little slack for timers): a seek forward is not
 * watching, and a seek back adds nothing. A first report (or one after WATCH_GAP_SECONDS of
 * silence) adds nothing: no earlier point to measure from.
 */
export const WATCH_GAP_SECONDS = 120;
const SLACK_SECONDS = 2;

export function watchedSeconds(
  previous: { positionSeconds: number; at: number } | null,
  positionSeconds: number,
  at: number,
): number {
  if (!previous) return 0;
  const wall = (at - previous.at) / 1000;
  if (!(wall > 0) || wall > WATCH_GAP_SECONDS) return 0;
  const moved = positionSeconds - previous.positionSeconds;
  if (moved <= 0) return 0;
  return Math.floor(Math.min(moved, wall + SLACK_SECONDS));
}
