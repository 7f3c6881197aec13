import { sessionMiddleware } from "../auth/session-middleware";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { getAuthConfig } from "../auth/config";
import { ApiError } from "../http/api-error";
import { video, videoChapters } from "../videos/queries";
import { playbackRight, refusePlayback } from "./playback-right";
import { masterPlaylistPath, posterPath } from "./media-files";
import { PLAYBACK_RENEW_BEFORE_SECONDS, PLAYBACK_TOKEN_TTL_SECONDS, signPlaybackToken } from "./playback-token";
import { ENTRY_ID } from "./entry-id";
import { readPosition, writePosition } from "./playback-positions";
import type { PlaybackGrantAnswer } from "../../src/schemas/playback";

/**
 * POST /api/playback {entryId} (mount at /api/playback): the playback gate. It applies the
 * on-demand access rule (playback-right.ts: the page's lock rule of spec §4 'Video lock state' on
 * the signed-in account, blocked accounts refused, bypassed ones let through; every on-demand
 * playlist applies it again), then answers the URL of the master playlist
 * with a short-lived token bound to user, entry and session. The player calls it again before
 * `expiresAt` to renew the token while it plays.
 *   200 { data: { attributes: { entryId, url, posterUrl, token, expiresAt, renewAfterSeconds, resumeAt, chapters } } }
 *   (resumeAt: where a signed-in viewer left this video, in seconds, or null; chapters: the
 *   player's seek buttons, [{ startSeconds, title }] earliest first; the shape is
 *   src/schemas/playback.ts, which the player parses it with)
 *   400 INVALID_INPUT, 404 NOT_FOUND,
 *   401 LOGIN_REQUIRED, 403 NO_SUBSCRIPTION / NOT_SUBSCRIBED / BLOCKED / COUNTRY_BLOCKED
 *   (each error also carries `status`, the access status of spec §4 that the player shows).
 */
export const playbackRoutes = new Hono<AppEnv>();
playbackRoutes.use(sessionMiddleware);

const bodySchema = z.object({ entryId: z.string().regex(ENTRY_ID) }).strict();

playbackRoutes.post("/", async (c) => {
  c.header("Cache-Control", "private, no-store");
  const body = bodySchema.safeParse(await c.req.json().catch(() => undefined));
  if (!body.success) throw new ApiError(400, "INVALID_INPUT", "Send a JSON body { entryId }");
  const { entryId } = body.data;
  const right = await playbackRight(c, entryId);
  if (!right.entry) throw new ApiError(404, "NOT_FOUND", "No video by that id");
  if (right.refusal) return refusePlayback(right.refusal);

  const user = c.get("user");
  const session = c.get("session");
  const grant = user && session ? { entryId, ssoID: user.ssoID, sid: session.sid } : { entryId, ssoID: "", sid: "" };
  const [{ token, expiresAt }, resumeAt, chapters] = await Promise.all([
    signPlaybackToken(getAuthConfig(c.env).sessionSecret, grant),
    grant.ssoID ? readPosition(c.env.DB, grant.ssoID, entryId) : Promise.resolve(null),
    videoChapters(c.env.DB, entryId),
  ]);
  const answer: PlaybackGrantAnswer = {
    data: {
      attributes: {
        entryId,
        url: masterPlaylistPath(entryId, token),
        posterUrl: posterPath(entryId, token),
        token,
        expiresAt: new Date(expiresAt * 1000).toISOString(),
        renewAfterSeconds: PLAYBACK_TOKEN_TTL_SECONDS - PLAYBACK_RENEW_BEFORE_SECONDS,
        resumeAt,
        chapters,
      },
    },
  };
  return c.json(answer);
});

const positionSchema = z.object({ entryId: z.string().regex(ENTRY_ID), seconds: z.number().int().min(0).max(86_400) }).strict();

/**
 * PUT /api/playback/position {entryId, seconds}: the player keeps a signed-in viewer's place in
 * a video on the account (resume on any device). 204; 400 INVALID_INPUT, 401 NOT_LOGGED_IN,
 * 404 NOT_FOUND.
 */
playbackRoutes.put("/position", async (c) => {
  c.header("Cache-Control", "private, no-store");
  const user = c.get("user");
  if (!user || !c.get("session")) throw new ApiError(401, "NOT_LOGGED_IN", "Not logged in");
  const body = positionSchema.safeParse(await c.req.json().catch(() => undefined));
  if (!body.success) throw new ApiError(400, "INVALID_INPUT", "Send a JSON body { entryId, seconds }");
  if (!(await video(c.env.DB, body.data.entryId))) throw new ApiError(404, "NOT_FOUND", "No video by that id");
  await writePosition(c.env.DB, user.ssoID, body.data.entryId, body.data.seconds);
  return c.body(null, 204);
});

playbackRoutes.all("*", () => {
  throw new ApiError(405, "METHOD_NOT_ALLOWED", "Use POST /api/playback");
});
