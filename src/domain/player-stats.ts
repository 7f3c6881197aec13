/**
 * A player's season counted from what the live feed recorded (match_lineups and match_events in
 * D1, written by each match's MatchRoom): appearances, goals, cards and minutes. Pure: the worker
 * reads his played matches of the season and passes them here. A withdrawn event counts for nothing.
 */
export interface StatsEvent {
  type: string;
  minute: number;
  playerId: number | null;
  /** the player a substitution took off */
  playerOffId: number | null;
  withdrawn: boolean;
}

export interface PlayedMatch {
  /** his place in the line-up: in the starting eleven, on the bench, or not named */
  role: "starting" | "sub" | null;
  events: readonly StatsEvent[];
}

export interface SeasonStats {
  appearances: number;
  goals: number;
  yellowCards: number;
  redCards: number;
  minutes: number;
}

/** A match lasts 90 minutes for these counts: added time is not in the feed's minutes. */
const FULL_TIME = 90;
const GOALS = new Set(["goal", "penalty-goal"]);
const SENT_OFF = new Set(["red", "second-yellow"]);

/** His minutes and whether he played in one match: from kick-off or coming on, to full time, a substitution off or a sending-off. */
function played(playerId: number, match: PlayedMatch): { appeared: boolean; minutes: number } {
  const events = match.events.filter((e) => !e.withdrawn);
  const cameOn = events.find((e) => e.type === "sub" && e.playerId === playerId);
  const start = match.role === "starting" ? 0 : cameOn ? cameOn.minute : null;
  if (start === null) return { appeared: false, minutes: 0 };
  const leaving = events
    .filter((e) => e.minute >= start && ((e.type === "sub" && e.playerOffId === playerId) || (SENT_OFF.has(e.type) && e.playerId === playerId)))
    .map((e) => e.minute);
  const end = Math.min(FULL_TIME, ...leaving);
  return { appeared: true, minutes: Math.max(0, end - start) };
}

export function seasonStats(playerId: number, matches: readonly PlayedMatch[]): SeasonStats {
  const stats: SeasonStats = { appearances: 0, goals: 0, yellowCards: 0, redCards: 0, minutes: 0 };
  for (const match of matches) {
    const { appeared, minutes } = played(playerId, match);
    if (appeared) stats.appearances += 1;
    stats.minutes += minutes;
    for (const e of match.events) {
      if (e.withdrawn || e.playerId !== playerId) continue;
      if (GOALS.has(e.type)) stats.goals += 1;
      // A second yellow is a yellow card and the red that follows it.
      if (e.type === "yellow" || e.type === "second-yellow") stats.yellowCards += 1;
      if (SENT_OFF.has(e.type)) stats.redCards += 1;
    }
  }
  return stats;
}
