import { Hono } from "hono";
import { ApiError } from "../http/api-error";
import { settingsOf, siteOriginOf, type AppEnv } from "../env";
import { clientIp } from "../http/client-ip";
import { addressKey } from "../../src/domain/match-socket";
import { matchRoom } from "./match-rooms";
import type { LiveMatch } from "../../src/schemas/match-live";

/**
 * The live match for everyone: no session is read on either route, so a kick-off's
 * crowd costs the room and nothing else.
 *
 * GET /api/matches/{id}/live (mount at /api/matches): the room's state, for a client whose socket
 * cannot open (it polls every 10 s). The edge may keep it a second: a thousand pollers are then
 * one room read a second, and none of them is more than a second behind.
 */
export const LIVE_MAX_AGE_SECONDS = 1;

export const matchLiveRoutes = new Hono<AppEnv>();

/**
 * Matches known to exist, kept a minute in this isolate: at kick-off, and in a reconnect storm
 * after a restart, thousands of supporters open the same match at once, and each would ask D1
 * the same question. Only a match found is kept (so junk ids cannot fill it); a minute is as long
 * as a cached page may show a match anyway.
 */
const KNOWN_FOR_MS = 60_000;
const KNOWN_AT_MOST = 1_000;
const known = new Map<number, number>();

async function knownMatch(db: D1Database, id: number): Promise<boolean> {
  const until = known.get(id);
  if (until !== undefined && until > Date.now()) return true;
  const found = (await db.prepare("SELECT 1 FROM matches WHERE id = ?1").bind(id).first()) !== null;
  if (found) {
    if (known.size >= KNOWN_AT_MOST) known.clear();
    known.set(id, Date.now() + KNOWN_FOR_MS);
  }
  return found;
}

matchLiveRoutes.get("/:id{[0-9]{1,9}}/live", async (c) => {
  const id = Number(c.req.param("id"));
  if (!(await knownMatch(c.env.DB, id))) throw new ApiError(404, "MATCH_NOT_FOUND", "No match by that id");
  const state: LiveMatch = await matchRoom(c.env, id).state(id);
  return c.json(state, 200, { "Cache-Control": `public, max-age=${LIVE_MAX_AGE_SECONDS}` });
});

/**
 * GET /ws/matches/{id}?since={seq} (mount at /ws/matches): the match centre's socket, handed to the
 * match's room. Only the site's own pages may open it (a websocket is not covered by CORS). The
 * room caps sockets per address and per room and closes any that says more than the ping
 * (src/domain/match-socket.ts).
 */
export const matchSocketRoutes = new Hono<AppEnv>();

matchSocketRoutes.get("/:id{[0-9]{1,9}}", async (c) => {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") throw new ApiError(426, "UPGRADE_REQUIRED", "Open this as a websocket");
  const origin = c.req.header("origin");
  if (origin !== undefined && origin !== siteOriginOf(c.env, c.req.url)) throw new ApiError(403, "CSRF", "Cross-site request refused");
  const id = Number(c.req.param("id"));
  if (!(await knownMatch(c.env.DB, id))) throw new ApiError(404, "MATCH_NOT_FOUND", "No match by that id");
  const headers = new Headers(c.req.raw.headers);
  headers.set("x-match-id", String(id));
  // Set here whatever the client sent under these names: the room trusts them.
  const { perAddress, perRoom } = settingsOf(c.env).matchSockets;
  headers.set("x-client-address", addressKey(clientIp(c)));
  headers.set("x-socket-limits", `${perAddress},${perRoom}`);
  const answer = await matchRoom(c.env, id).fetch(new Request(c.req.url, { headers }));
  // A fresh Response: the object's has immutable headers, and the app's middleware adds its own.
  return new Response(null, { status: answer.status, webSocket: answer.webSocket });
});
