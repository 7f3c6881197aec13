import type { Match } from "../schemas/teams";
import type { LiveMatch } from "../schemas/match-live";
import { GOAL_TYPES } from "./match-live";

/**
 * Spoiler-free mode: while it is on, no score reaches the page. These rules run
 * in the data layer (worker/viewer/spoiler-free.ts) before the HTML or the API's JSON is built, so
 * hiding is not a CSS trick: the numbers are simply not there. One match's score comes back only
 * when the supporter asks for it (GET /api/matches/{id}/score).
 */

/** A played match without its score, its outcome or its report (which names the scorers). */
export function withoutScores(match: Match): Match {
  if (match.status !== "result") return match;
  return { ...match, goalsFor: null, goalsAgainst: null, report: null, scoreHidden: true };
}

/** 'Rovers 2-1 Ashcombe', '3 – 0', '(4-3)': a scoreline inside a text. */
const SCORE = /\s*\(?\b\d{1,2}\s*[-–]\s*\d{1,2}\b\)?\s*/g;

/**
 * A title with every scoreline taken out: 'Highlights: Rovers 2-1 Ashcombe' reads
 * 'Highlights: Rovers v Ashcombe', and 'Report: …' becomes 'Match report: …'.
 */
export function withoutScoreInTitle(text: string): string {
  const stripped = text.replace(SCORE, (found, offset: number, whole: string) => {
    const before = whole.slice(0, offset);
    const after = whole.slice(offset + found.length);
    // Between two names it is a 'v'; at either end of a phrase it simply goes.
    return /\w$/.test(before) && /^\w/.test(after) ? " v " : before === "" || after === "" ? "" : " ";
  });
  return stripped.replace(/^Report: /, "Match report: ");
}

/** The title of a match report while the result is hidden: 'Match report: Rovers v Ashcombe'. */
export function matchReportTitle(home: string, away: string): string {
  return `Match report: ${home} v ${away}`;
}

export const HIDDEN_REPORT_SUMMARY = "The result is hidden while spoiler-free mode is on.";
export const HIDDEN_REPORT_HTML =
  "<p>This match report is hidden while spoiler-free mode is on. Turn spoiler-free mode off in the menu to read it.</p>";

/** The club's side as match reports name it: 'Rovers' for the first team, else the team's name. */
export function reportSideName(teamSlug: string, teamName: string): string {
  return teamSlug === "" ? "Rovers" : teamName;
}

/**
 * A live match without its score or any goal: the server renders this for a
 * spoiler-free supporter, and the browser renders every pushed update through it until 'Reveal
 * score' for that match. A withdrawn goal goes too: its correction would tell the score.
 */
export function withoutLiveScore(state: LiveMatch): LiveMatch {
  return { ...state, score: null, events: state.events.filter((e) => !GOAL_TYPES.includes(e.type)) };
}
