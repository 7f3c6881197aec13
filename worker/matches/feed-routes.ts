import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError, type FieldError } from "../http/api-error";
import { invalidateCache } from "../cache/kv-cache";
import { matchRoom, MATCH_ID } from "./match-rooms";
import { lineupInputSchema, matchEventInputSchema, type LivePlayer, type MatchSide } from "../../src/schemas/match-live";
import { matchSchema } from "../../src/schemas/teams";
import { allRows, firstRow, rowSchema } from "../db/rows";

/**
 * The club's match feed (mounted inside the admin API, so bearer ADMIN_TOKEN and the
 * audit log come with it):
 *   POST   /api/admin/matches/{matchID}/events       Idempotency-Key header; body {type, minute, side, playerID?, playerOffID?, text?}
 *                                                    (the same key with another body: 422 IDEMPOTENCY_KEY_REUSED)
 *   DELETE /api/admin/matches/{matchID}/events/{id}  withdraws an event (pushed as a correction)
 *   PUT    /api/admin/matches/{matchID}/lineups      body {starting: [11 player ids], subs: [up to 12]}
 *   DELETE /api/admin/matches/{matchID}/live         forgets the live match (a test or a mistake): a fixture again
 * The match's MatchRoom decides and stores each change; these routes check the shape and the
 * squad (D1) first, and retire the page and KV caches when the match starts, ends or reopens.
 */
export const matchAdminRoutes = new Hono<AppEnv>();

const matchRow = rowSchema("matches", { id: z.number(), team_id: z.number(), is_home: z.number(), status: matchSchema.shape.status, live_seq: z.number() });
type MatchRow = z.infer<typeof matchRow>;
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

async function matchOf(c: Context<AppEnv>): Promise<MatchRow> {
  const text = c.req.param("matchID") ?? "";
  c.set("auditTarget", MATCH_ID.test(text) ? text : null);
  const row = MATCH_ID.test(text)
    ? await firstRow(matchRow, c.env.DB.prepare("SELECT id, team_id, is_home, status, live_seq FROM matches WHERE id = ?1").bind(Number(text)))
    : null;
  if (!row) throw new ApiError(404, "MATCH_NOT_FOUND", "No match by that id");
  return row;
}

async function bodyOf(c: Context<AppEnv>): Promise<unknown> {
  const raw: unknown = await c.req.json().catch(() => undefined);
  c.set("auditDetail", raw);
  if (raw === undefined) throw invalid("Send a JSON body", [{ field: "body", detail: "Expected a JSON object" }]);
  return raw;
}

/** The club's side of this match: squad players exist only for it. */
const clubSide = (match: MatchRow): MatchSide => (match.is_home === 1 ? "home" : "away");

/** The named players of the match's team, by id; an id not in the squad is a 400 naming its field. */
async function squadPlayers(db: D1Database, match: MatchRow, wanted: Record<string, number>): Promise<Map<number, LivePlayer>> {
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

matchAdminRoutes.post("/matches/:matchID/events", async (c) => {
  c.set("auditAction", "matches.events.post");
  const match = await matchOf(c);
  const key = idempotencyKey.safeParse(c.req.header("idempotency-key"));
  if (!key.success) throw invalid("An Idempotency-Key header is required", [{ field: "Idempotency-Key", detail: "1 to 200 letters, digits, '.', ':', '_' or '-'" }]);
  const parsed = matchEventInputSchema.safeParse(await bodyOf(c));
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
  const players = await squadPlayers(c.env.DB, match, wanted);
  const result = await matchRoom(c.env, match.id).post(match.id, {
    input,
    player: input.playerID === undefined ? null : players.get(input.playerID)!,
    playerOff: input.playerOffID === undefined ? null : players.get(input.playerOffID)!,
    idempotencyKey: key.data,
  });
  // A key reused for another event is the feed's mistake (422); a refused event is the match's state (409).
  if (!result.ok) throw new ApiError(result.code === "IDEMPOTENCY_KEY_REUSED" ? 422 : 409, result.code, result.detail);
  await followMove(c.env, result.moved);
  if (!result.created) c.header("Idempotent-Replayed", "true");
  return c.json({ data: { id: result.id, seq: result.seq } }, 201);
});

matchAdminRoutes.delete("/matches/:matchID/events/:eventID", async (c) => {
  c.set("auditAction", "matches.events.withdraw");
  const match = await matchOf(c);
  const eventID = c.req.param("eventID");
  c.set("auditDetail", { eventID });
  const result = await matchRoom(c.env, match.id).withdraw(match.id, eventID);
  if (!result.ok) throw new ApiError(404, "EVENT_NOT_FOUND", "No event by that id in this match");
  await followMove(c.env, result.moved);
  return c.json({ data: { id: eventID, seq: result.seq, withdrawn: true } });
});

matchAdminRoutes.put("/matches/:matchID/lineups", async (c) => {
  c.set("auditAction", "matches.lineups.put");
  const match = await matchOf(c);
  const parsed = lineupInputSchema.safeParse(await bodyOf(c));
  if (!parsed.success) throw invalid("The line-up is not valid", fieldErrors(parsed.error));
  const { starting, subs } = parsed.data;
  const all = [...starting, ...subs];
  if (new Set(all).size !== all.length) throw invalid("A player is named twice", [{ field: "body", detail: "Each player once, in the eleven or on the bench" }]);
  const wanted = Object.fromEntries([...starting.map((id, i) => [`starting.${i}`, id]), ...subs.map((id, i) => [`subs.${i}`, id])]);
  const players = await squadPlayers(c.env.DB, match, wanted);
  const { seq } = await matchRoom(c.env, match.id).setLineup(match.id, {
    side: clubSide(match),
    starting: starting.map((id) => players.get(id)!),
    subs: subs.map((id) => players.get(id)!),
  });
  return c.json({ data: { seq } });
});

matchAdminRoutes.delete("/matches/:matchID/live", async (c) => {
  c.set("auditAction", "matches.live.reset");
  const match = await matchOf(c);
  const result = await matchRoom(c.env, match.id).reset(match.id);
  await followMove(c.env, result.moved);
  return c.json({ data: { seq: result.seq } });
});
