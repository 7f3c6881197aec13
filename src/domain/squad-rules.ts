/**
 * The rules of a club's squads (/admin/players and the team and player pages): who is in a squad
 * on a given day (loans out and in, releases), who holds which shirt, what a player's profile says
 * about where he is, and the checks of the console's player form. Pure: the worker passes today's
 * date in London, so a loan ends by itself on the first request after its last day.
 */
import { GENERATED_IMAGE_KEY, isImageFieldValue } from "./media-ref";

export const POSITIONS = ["Goalkeeper", "Defender", "Midfielder", "Forward"] as const;
export type Position = (typeof POSITIONS)[number];

export type LoanKind = "out" | "in";

/** What the rules read of a player: his number and the dates of his loan and release. */
export interface SquadFacts {
  id: number;
  squadNumber: number | null;
  releasedOn: string | null;
  loanKind: LoanKind | null;
  loanClub: string | null;
  /** YYYY-MM-DD, the loan's first and last day */
  loanFrom: string | null;
  loanUntil: string | null;
}

/** Where a player is on a day. */
export type SquadState =
  | { kind: "squad" }
  | { kind: "loan-out"; club: string; until: string }
  | { kind: "loan-in"; club: string; until: string }
  | { kind: "loan-in-ahead"; club: string; from: string }
  | { kind: "loan-in-ended"; club: string; until: string }
  | { kind: "released"; on: string };

/** His state on `today` (YYYY-MM-DD; ISO dates compare as text). A loan runs from its first to its last day, both included. */
export function squadState(p: SquadFacts, today: string): SquadState {
  if (p.releasedOn !== null && p.releasedOn <= today) return { kind: "released", on: p.releasedOn };
  if (p.loanKind && p.loanClub && p.loanFrom && p.loanUntil) {
    const running = p.loanFrom <= today && today <= p.loanUntil;
    if (p.loanKind === "out") return running ? { kind: "loan-out", club: p.loanClub, until: p.loanUntil } : { kind: "squad" };
    if (today < p.loanFrom) return { kind: "loan-in-ahead", club: p.loanClub, from: p.loanFrom };
    return running ? { kind: "loan-in", club: p.loanClub, until: p.loanUntil } : { kind: "loan-in-ended", club: p.loanClub, until: p.loanUntil };
  }
  return { kind: "squad" };
}

/** Whether the squad list shows him on `today`: at the club and not away on loan. */
export function inSquad(p: SquadFacts, today: string): boolean {
  const state = squadState(p, today).kind;
  return state === "squad" || state === "loan-in";
}

/**
 * Whether he holds his shirt number on `today`: everyone still with the club does, a player away
 * on loan too (he comes back to it), and one due in on loan; a released player and a loan player
 * gone back to his club free it.
 */
export function holdsShirt(p: SquadFacts, today: string): boolean {
  const state = squadState(p, today).kind;
  return p.squadNumber !== null && state !== "released" && state !== "loan-in-ended";
}

/** The player of `others` (his own row left out by id) who holds `number` on `today`, or null. */
export function shirtHolder<T extends SquadFacts>(others: readonly T[], number: number | null, selfId: number | null, today: string): T | null {
  if (number === null) return null;
  return others.find((p) => p.id !== selfId && p.squadNumber === number && holdsShirt(p, today)) ?? null;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** '30 Jun 2026' (D MMM YYYY) from YYYY-MM-DD, without time zones: a calendar day is the same everywhere. */
export function dayText(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return `${d} ${MONTHS[(m ?? 1) - 1]} ${y}`;
}

/** What his profile says about where he is; null when he is simply in the squad. */
export function statusLine(state: SquadState): string | null {
  switch (state.kind) {
    case "loan-out":
      return `On loan at ${state.club} until ${dayText(state.until)}`;
    case "loan-in":
      return `On loan from ${state.club} until ${dayText(state.until)}`;
    case "loan-in-ahead":
      return `Joins on loan from ${state.club} on ${dayText(state.from)}`;
    case "loan-in-ended":
      return `Back at ${state.club} since his loan ended on ${dayText(state.until)}`;
    case "released":
      return `Left the club on ${dayText(state.on)}`;
    default:
      return null;
  }
}

/** A real calendar day as YYYY-MM-DD (2025-02-30 is not one). */
export function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The player form's fields as typed (every value a string, as a form sends them). */
export interface PlayerFields {
  team: string;
  firstName: string;
  lastName: string;
  position: string;
  shirtNumber: string;
  dateOfBirth: string;
  nationality: string;
  bio: string;
  photo: string;
  /** 'none', 'out' or 'in' */
  loanKind: string;
  loanClub: string;
  loanFrom: string;
  loanUntil: string;
}

export interface CheckedPlayer {
  teamSlug: string;
  firstName: string;
  lastName: string;
  position: Position;
  squadNumber: number | null;
  dateOfBirth: string;
  nationality: string;
  bio: string;
  /** `media:{id}`, a generated key, or '' (the site draws a portrait) */
  photo: string;
  loan: { kind: LoanKind; club: string; from: string; until: string } | null;
}

export type FieldProblem = { field: string; detail: string };
export type PlayerCheck = { ok: true; player: CheckedPlayer } | { ok: false; problems: FieldProblem[] };

/** The first team is '' in the data and 'first-team' in forms and addresses. */
export const FIRST_TEAM = "first-team";
export const teamSlugOf = (formValue: string) => (formValue === FIRST_TEAM ? "" : formValue);

/**
 * The form's checks, every problem on its field: names and nationality required, a position of
 * the four, a shirt number from 1 to 99 or none, a date of birth in the past, a photo from the
 * library (or none), and a loan with a club and a first day on or before its last.
 */
export function checkPlayer(f: PlayerFields, teams: readonly string[], today: string): PlayerCheck {
  const problems: FieldProblem[] = [];
  const need = (field: keyof PlayerFields, max: number) => {
    const value = f[field].trim();
    if (value === "") problems.push({ field, detail: "Enter a value" });
    else if (value.length > max) problems.push({ field, detail: `At most ${max} characters` });
    return value;
  };
  const teamSlug = teamSlugOf(f.team.trim());
  if (!teams.includes(teamSlug)) problems.push({ field: "team", detail: "Choose one of the club's teams" });
  const firstName = need("firstName", 60);
  const lastName = need("lastName", 60);
  const position = POSITIONS.find((p) => p === f.position);
  if (!position) problems.push({ field: "position", detail: "Choose a position" });
  const numberText = f.shirtNumber.trim();
  const squadNumber = numberText === "" ? null : Number(numberText);
  if (squadNumber !== null && !(/^\d{1,2}$/.test(numberText) && squadNumber >= 1 && squadNumber <= 99)) {
    problems.push({ field: "shirtNumber", detail: "A number from 1 to 99, or leave it empty" });
  }
  const dateOfBirth = f.dateOfBirth.trim();
  if (!isDay(dateOfBirth)) problems.push({ field: "dateOfBirth", detail: "A date: 2001-07-14" });
  else if (dateOfBirth >= today) problems.push({ field: "dateOfBirth", detail: "A date in the past" });
  const nationality = need("nationality", 60);
  const bio = f.bio.trim();
  if (bio.length > 5000) problems.push({ field: "bio", detail: "At most 5000 characters" });
  const photo = f.photo.trim();
  if (!isImageFieldValue(photo)) problems.push({ field: "photo", detail: "Choose a photo from the media library" });

  let loan: CheckedPlayer["loan"] = null;
  if (f.loanKind === "out" || f.loanKind === "in") {
    const club = need("loanClub", 120);
    const from = f.loanFrom.trim();
    const until = f.loanUntil.trim();
    if (!isDay(from)) problems.push({ field: "loanFrom", detail: "A date: 2025-08-01" });
    if (!isDay(until)) problems.push({ field: "loanUntil", detail: "A date: 2026-05-31" });
    else if (isDay(from) && until < from) problems.push({ field: "loanUntil", detail: "On or after the loan's first day" });
    loan = { kind: f.loanKind, club, from, until };
  } else if (f.loanKind !== "none" && f.loanKind !== "") {
    problems.push({ field: "loanKind", detail: "Choose no loan, a loan out or a loan in" });
  }
  if (problems.length > 0 || !position) return { ok: false, problems };
  return { ok: true, player: { teamSlug, firstName, lastName, position, squadNumber, dateOfBirth, nationality, bio, photo, loan } };
}

/** The image key stored for a player without a photo: the site's generated portrait, named after him. */
export function portraitKey(photo: string, slug: string): string {
  if (photo !== "") return photo;
  // 'player-…' is the generated artwork's portrait kind (worker/images/art.ts).
  const key = `player-${slug}`;
  return GENERATED_IMAGE_KEY.test(key) ? key : "player-portrait";
}
