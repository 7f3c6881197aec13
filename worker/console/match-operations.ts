import { Hono, type MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { staffActor, writeAudit } from "../audit/audit-log";
import { requireCapability } from "./capabilities";
import { MATCH_ID, matchRoom } from "../matches/match-rooms";
import { feedMatch, postMatchEvent, putMatchLineup, withdrawMatchEvent } from "../matches/match-feed";
import type { LiveMatch } from "../../src/schemas/match-live";

/**
 * The match operator's screen (/admin/matches/{id}/live) posts here, behind staffOnly and the
 * console's Origin check, with `match.operate`. Each call runs the club's feed itself
 * (worker/matches/match-feed.ts, what the bearer-token /api/admin/matches calls run), so the
 * Idempotency-Key, the phase rules and every refusal are the feed's own:
 *   GET    /api/console/matches/{id}/live              the room's state now (never the edge's cached second)
 *   POST   /api/console/matches/{id}/events            Idempotency-Key header, the feed's event body
 *   DELETE /api/console/matches/{id}/events/{eventID}  a withdrawal (the operator's Undo)
 *   PUT    /api/console/matches/{id}/lineups           {starting: [11 ids], subs: [≤12 ids]}
 * Every write, refused ones too, is audited under the feed's action names with the staff account
 * as actor and their name in the detail, so the log tells who posted a goal from the stand.
 */
export const consoleMatchOperationsApi = new Hono<AppEnv>();

const audited =
  (action: string): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const user = c.get("user");
    const text = c.req.param("matchID") ?? "";
    await next();
    await writeAudit(c, {
      actor: staffActor(user?.ssoID ?? "unknown"),
      action,
      target: MATCH_ID.test(text) ? text : null,
      status: c.res.status,
      detail: { via: "console", staff: user?.displayName ?? null, ...(c.get("auditDetail") as object | undefined) },
    });
  };

const bodyOf = async (c: { req: { json: () => Promise<unknown> } }): Promise<unknown> => c.req.json().catch(() => undefined);

consoleMatchOperationsApi.get("/matches/:matchID/live", requireCapability("match.operate"), async (c) => {
  const match = await feedMatch(c.env.DB, c.req.param("matchID"));
  const state: LiveMatch = await matchRoom(c.env, match.id).state(match.id);
  return c.json({ data: { attributes: state } });
});

consoleMatchOperationsApi.post("/matches/:matchID/events", requireCapability("match.operate"), audited("matches.events.post"), async (c) => {
  const key = c.req.header("idempotency-key");
  const body = await bodyOf(c);
  c.set("auditDetail", { idempotencyKey: key ?? null, body });
  const match = await feedMatch(c.env.DB, c.req.param("matchID"));
  const result = await postMatchEvent(c.env, match, key, body);
  if (result.replayed) c.header("Idempotent-Replayed", "true");
  return c.json({ data: { id: result.id, seq: result.seq } }, 201);
});

consoleMatchOperationsApi.delete("/matches/:matchID/events/:eventID", requireCapability("match.operate"), audited("matches.events.withdraw"), async (c) => {
  const eventID = c.req.param("eventID");
  c.set("auditDetail", { eventID });
  const match = await feedMatch(c.env.DB, c.req.param("matchID"));
  return c.json({ data: await withdrawMatchEvent(c.env, match, eventID) });
});

consoleMatchOperationsApi.put("/matches/:matchID/lineups", requireCapability("match.operate"), audited("matches.lineups.put"), async (c) => {
  const body = await bodyOf(c);
  c.set("auditDetail", { body });
  const match = await feedMatch(c.env.DB, c.req.param("matchID"));
  return c.json({ data: await putMatchLineup(c.env, match, body) });
});
