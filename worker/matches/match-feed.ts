import { z } from "zod";
import { ApiError, type FieldError } from "../http/api-error";
import { invalidateCache } from "../cache/kv-cache";
import { matchRoom, MATCH_ID } from "./match-rooms";
import { lineupInputSchema, matchEventInputSchema, type LivePlayer, type MatchSide } from "../../src/schemas/match-live";
import { matchSchema } from "../../src/schemas/teams";
import { allRows, firstRow, rowSchema } from "../db/rows";

/**
 * The club's match feed: what a post, a withdrawal, a line-up and a reset do, whoever sends them.
 * Two doors call these same functions: the bearer-token admin API (feed-routes.ts) and the
 * console's operator screen (worker/console/match-operations.ts, a staff session and its Origin),
 * so both get the same checks, the same idempotency and the same refusals. Each throws its
 * refusal once as an ApiError; the door records the audit entry.
 */

const matchRow = rowSchema("matches", { id: z.number(), team_id: z.number(), is_home: z.number(), status: matchSchema.shape.status, live_seq: z.number() });
export type FeedMatch = z.infer<typeof matchRow>;
const squadPlayerRow = rowSchema("players of the match's team", { id: z.number(), name: z.string(), number: z.number().nullable() });

const idempotencyKey = z.string().trim().min(1).max(200).regex(/^[\w.:-]+$/);

/** zod's issues as one error per field (the first issue of each). */
function fieldErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): FieldError[] {
  const fields = new Map<string, string>();
  for (const issue of error.issues) {
    const name = issue.path.map(String).join(".") || "body";
    if (!fields.has(name)) fields.set(name, issue.message);
  }
  return [...fields].map(([field, detail]) => ({ field, detail }));
}

const invalid = (detail: string, fields: FieldError[]) => ApiError.fields(400, "INVALID_INPUT", detail, fields);

/** `undefined` is a body that was missing or not JSON. */
function jsonBody(body: unknown): unknown {
  if (body === undefined) throw invalid("Send a JSON body", [{ field: "body", detail: "Expected a JSON object" }]);
  return body;
}

/** The match a route names (digits only), or 404 MATCH_NOT_FOUND. */
export async function feedMatch(db: D1Database, text: string): Promise<FeedMatch> {
  const row = MATCH_ID.test(text)
    ? await firstRow(matchRow, db.prepare("SELECT id, team_id, is_home, status, live_seq FROM matches WHERE id = ?1").bind(Number(text)))
    : null;
  if (!row) throw new ApiError(404, "MATCH_NOT_FOUND", "No match by that id");
  return row;
}

/** The club's side of this match: squad players exist only for it. */
export const clubSide = (match: FeedMatch): MatchSide => (match.is_home === 1 ? "home" : "away");

/** The named players of the match's team, by id; an id not in the squad is a 400 naming its field. */
async function squadPlayers(db: D1Database, match: FeedMatch, wanted: Record<string, number>): Promise<Map<number, LivePlayer>> {
  const ids = [...new Set(Object.values(wanted))];
  const found = new Map<number, LivePlayer>();
  if (ids.length > 0) {
    const players = await allRows(
      squadPlayerRow,
      db
        .prepare(`SELECT id, first_name || ' ' || last_name AS name, squad_number AS number FROM players WHERE team_id = ?1 AND id IN (SELECT value FROM json_each(?2))`)
        .bind(match.team_id, JSON.stringify(ids)),
    );
    for (const p of players) found.set(p.id, p);
  }
  const unknown = Object.entries(wanted)
    .filter(([, id]) => !found.has(id))
    .map(([field, id]) => ({ field, detail: `No player ${id} in this team's squad` }));
  if (unknown.length > 0) throw ApiError.fields(400, "UNKNOWN_PLAYER", "A player is not in this team's squad", unknown);
  return found;
}

/** The match moved between fixture, live and result: every page and list that shows it follows. */
async function followMove(env: Env, moved: boolean): Promise<void> {
  if (moved) await invalidateCache(env);
}

/**
 * One event posted under its Idempotency-Key: `replayed` when the key already made this same
 * event (the answer is the first one's). A key reused for another event is the sender's mistake
 * (422); a refused event is the match's state (409).
 */
export async function postMatchEvent(env: Env, match: FeedMatch, keyHeader: string | undefined, body: unknown): Promise<{ id: string; seq: number; replayed: boolean }> {
  const key = idempotencyKey.safeParse(keyHeader);
  if (!key.success) throw invalid("An Idempotency-Key header is required", [{ field: "Idempotency-Key", detail: "1 to 200 letters, digits, '.', ':', '_' or '-'" }]);
  const parsed = matchEventInputSchema.safeParse(jsonBody(body));
  if (!parsed.success) throw invalid("The event is not valid", fieldErrors(parsed.error));
  const input = parsed.data;
  // A match played before the feed existed (or postponed) is not reopened by a stray post.
  if (match.status !== "fixture" && match.live_seq === 0) throw new ApiError(409, "MATCH_NOT_LIVE", `This match is ${match.status === "result" ? "already played" : "postponed"}`);
  const wanted: Record<string, number> = {};
  if (input.playerID !== undefined) wanted.playerID = input.playerID;
  if (input.playerOffID !== undefined) wanted.playerOffID = input.playerOffID;
  if (Object.keys(wanted).length > 0 && input.side !== clubSide(match)) {
    throw invalid("Players are known for the club's side only", Object.keys(wanted).map((field) => ({ field, detail: `Only for side "${clubSide(match)}"` })));
  }
  const players = await squadPlayers(env.DB, match, wanted);
  const result = await matchRoom(env, match.id).post(match.id, {
    input,
    player: input.playerID === undefined ? null : players.get(input.playerID)!,
    playerOff: input.playerOffID === undefined ? null : players.get(input.playerOffID)!,
    idempotencyKey: key.data,
  });
  if (!result.ok) throw new ApiError(result.code === "IDEMPOTENCY_KEY_REUSED" ? 422 : 409, result.code, result.detail);
  await followMove(env, result.moved);
  return { id: result.id, seq: result.seq, replayed: !result.created };
}

/** Withdraws an event (pushed as a correction); 404 EVENT_NOT_FOUND for an id not in this match. */
export async function withdrawMatchEvent(env: Env, match: FeedMatch, eventID: string): Promise<{ id: string; seq: number; withdrawn: true }> {
  const result = await matchRoom(env, match.id).withdraw(match.id, eventID);
  if (!result.ok) throw new ApiError(404, "EVENT_NOT_FOUND", "No event by that id in this match");
  await followMove(env, result.moved);
  return { id: eventID, seq: result.seq, withdrawn: true };
}

/** The club's line-up: eleven starters and up to twelve substitutes, each once, all from the team's squad. */
export async function putMatchLineup(env: Env, match: FeedMatch, body: unknown): Promise<{ seq: number }> {
  const parsed = lineupInputSchema.safeParse(jsonBody(body));
  if (!parsed.success) throw invalid("The line-up is not valid", fieldErrors(parsed.error));
  const { starting, subs } = parsed.data;
  const all = [...starting, ...subs];
  if (new Set(all).size !== all.length) throw invalid("A player is named twice", [{ field: "body", detail: "Each player once, in the eleven or on the bench" }]);
  const wanted = Object.fromEntries([...starting.map((id, i) => [`starting.${i}`, id]), ...subs.map((id, i) => [`subs.${i}`, id])]);
  const players = await squadPlayers(env.DB, match, wanted);
  return matchRoom(env, match.id).setLineup(match.id, {
    side: clubSide(match),
    starting: starting.map((id) => players.get(id)!),
    subs: subs.map((id) => players.get(id)!),
  });
}

/** Forgets the live match (a test or a mistake): a fixture again. */
export async function resetMatchLive(env: Env, match: FeedMatch): Promise<{ seq: number }> {
  const result = await matchRoom(env, match.id).reset(match.id);
  await followMove(env, result.moved);
  return { seq: result.seq };
}
