import { Hono, type Context } from "hono";
import type { AppEnv } from "../env";
import { MATCH_ID } from "./match-rooms";
import { feedMatch, postMatchEvent, putMatchLineup, resetMatchLive, withdrawMatchEvent, type FeedMatch } from "./match-feed";

/**
 * The club's match feed (mounted inside the admin API, so bearer ADMIN_TOKEN and the
 * audit log come with it):
 *   POST   /api/admin/matches/{matchID}/events       Idempotency-Key header; body {type, minute, side, playerID?, playerOffID?, text?}
 *                                                    (the same key with another body: 422 IDEMPOTENCY_KEY_REUSED)
 *   DELETE /api/admin/matches/{matchID}/events/{id}  withdraws an event (pushed as a correction)
 *   PUT    /api/admin/matches/{matchID}/lineups      body {starting: [11 player ids], subs: [up to 12]}
 *   DELETE /api/admin/matches/{matchID}/live         forgets the live match (a test or a mistake): a fixture again
 * What each does is match-feed.ts, shared with the console's operator screen; the match's
 * MatchRoom decides and stores each change.
 */
export const matchAdminRoutes = new Hono<AppEnv>();

async function matchOf(c: Context<AppEnv>): Promise<FeedMatch> {
  const text = c.req.param("matchID") ?? "";
  c.set("auditTarget", MATCH_ID.test(text) ? text : null);
  return feedMatch(c.env.DB, text);
}

async function bodyOf(c: Context<AppEnv>): Promise<unknown> {
  const raw: unknown = await c.req.json().catch(() => undefined);
  c.set("auditDetail", raw);
  return raw;
}

matchAdminRoutes.post("/matches/:matchID/events", async (c) => {
  c.set("auditAction", "matches.events.post");
  const match = await matchOf(c);
  const result = await postMatchEvent(c.env, match, c.req.header("idempotency-key"), await bodyOf(c));
  if (result.replayed) c.header("Idempotent-Replayed", "true");
  return c.json({ data: { id: result.id, seq: result.seq } }, 201);
});

matchAdminRoutes.delete("/matches/:matchID/events/:eventID", async (c) => {
  c.set("auditAction", "matches.events.withdraw");
  const match = await matchOf(c);
  const eventID = c.req.param("eventID");
  c.set("auditDetail", { eventID });
  return c.json({ data: await withdrawMatchEvent(c.env, match, eventID) });
});

matchAdminRoutes.put("/matches/:matchID/lineups", async (c) => {
  c.set("auditAction", "matches.lineups.put");
  const match = await matchOf(c);
  return c.json({ data: await putMatchLineup(c.env, match, await bodyOf(c)) });
});

matchAdminRoutes.delete("/matches/:matchID/live", async (c) => {
  c.set("auditAction", "matches.live.reset");
  const match = await matchOf(c);
  return c.json({ data: await resetMatchLive(c.env, match) });
});
