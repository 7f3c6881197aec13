import { FOLLOW_AFTER_MS, FOLLOW_BEFORE_MS } from "../../src/domain/match-live";
import { refusalSeries, REFUSAL_MINUTES, minuteOf, streamViewers, totalViewers } from "../../src/domain/live-now";
import type { LiveNow } from "../../src/schemas/console";
import { matchRoom } from "../matches/match-rooms";
import { z } from "zod";
import { resultsOf, rowSchema } from "../db/rows";

/**
 * What 'Live now' reads, per console poll: one GROUP BY over the open sessions' index,
 * the live streams' rows, at most REFUSAL_MINUTES refusal rows, and one call per match room that
 * supporters may be in (a live match, or a fixture within the match centre's follow window). No
 * user's StreamSessions object is asked.
 */
const sessionGroupRow = rowSchema("open_stream_sessions grouped", { assetID: z.string(), device: z.string(), sessions: z.number() });
const streamRow = rowSchema("live_stream_assets", { id: z.string(), title: z.string(), media_type: z.string(), status: z.string() });
const refusalRow = rowSchema("live_refusals", { minute: z.number(), refusals: z.number() });
const roomRow = rowSchema("matches a room may follow", { id: z.number(), kickoff: z.string(), team: z.string(), opponent: z.string(), is_home: z.number() });

export async function liveNow(env: Env, now = Date.now()): Promise<LiveNow> {
  const db = env.DB;
  const [groups, streams, refusals, rooms] = await db.batch([
    db.prepare("SELECT asset_id AS assetID, device, COUNT(*) AS sessions FROM open_stream_sessions GROUP BY asset_id, device"),
    db.prepare("SELECT id, title, media_type, status FROM live_stream_assets ORDER BY position, id"),
    db.prepare("SELECT minute, refusals FROM live_refusals WHERE minute > ?1").bind(minuteOf(now) - REFUSAL_MINUTES),
    // The rooms a match centre may hold sockets in (src/domain/match-live.ts shouldFollow).
    db
      .prepare(
        `SELECT m.id, m.kickoff, t.short_name AS team, o.short_name AS opponent, m.is_home
           FROM matches m JOIN teams t ON t.id = m.team_id JOIN opponents o ON o.id = m.opponent_id
          WHERE m.status = 'fixture' AND (m.live_seq > 0 OR m.kickoff BETWEEN ?1 AND ?2)
          ORDER BY m.kickoff, m.id LIMIT 20`,
      )
      .bind(new Date(now - FOLLOW_AFTER_MS).toISOString(), new Date(now + FOLLOW_BEFORE_MS).toISOString()),
  ]);
  const streamRows = resultsOf(streamRow, streams);
  const byId = new Map(streamRows.map((s) => [s.id, s]));
  const viewers = streamViewers(
    resultsOf(sessionGroupRow, groups),
    streamRows.filter((s) => s.status === "active").map((s) => s.id),
  );
  const roomRows = resultsOf(roomRow, rooms);
  const supporters = await Promise.all(roomRows.map((r) => matchRoom(env, r.id).supporters()));
  return {
    at: new Date(now).toISOString(),
    totalViewers: totalViewers(viewers),
    streams: viewers.map((s) => ({
      ...s,
      title: byId.get(s.assetID)?.title ?? s.assetID,
      mediaType: byId.get(s.assetID)?.media_type ?? "unknown",
    })),
    refusals: refusalSeries(resultsOf(refusalRow, refusals), now).map((r) => ({
      minute: new Date(r.minute * 60_000).toISOString(),
      refusals: r.refusals,
    })),
    matchRooms: roomRows.map((r, i) => ({
      matchID: r.id,
      title: r.is_home ? `${r.team} v ${r.opponent}` : `${r.opponent} v ${r.team}`,
      kickoff: r.kickoff,
      supporters: supporters[i] ?? 0,
    })),
  };
}
