import type { StoredEvent } from "./event-schema";
import { visitSessions } from "../../src/domain/revenue";

type AdvertFields = Pick<Extract<StoredEvent, { advertID: number }>, "advertID" | "advertName" | "advertRef" | "campaignRef">;

/** An advert event's own fields; a page view has none. */
const advertOf = (e: StoredEvent): Partial<AdvertFields> => (e.action === "pageView" ? {} : e);

/**
 * Where accepted tracking events go: a Workers Analytics Engine dataset when the EVENTS binding is
 * configured, else the tracking_events table in D1 (migrations/0009), one batch per request so a
 * batch is stored whole or not at all.
 */
export async function storeEvents(env: { DB: D1Database; EVENTS?: AnalyticsEngineDataset }, events: StoredEvent[], now = Date.now()): Promise<"analytics-engine" | "d1"> {
  const visits = recordVisits(env.DB, events, now);
  if (env.EVENTS) {
    if (visits) await visits.run();
    for (const e of events) {
      const advert = advertOf(e);
      env.EVENTS.writeDataPoint({
        indexes: [String(e.action)],
        blobs: [e.domain, e.url, e.sessionID, e.ssoID, e.screensize, e.ssoVendor, e.userAgent, e.timestamp, String(advert.advertName ?? ""), String(advert.advertRef ?? ""), String(advert.campaignRef ?? "")],
        doubles: [e.logID, Number(advert.advertID ?? 0), e.userAllowTracking ? 1 : 0],
      });
    }
    return "analytics-engine";
  }
  await env.DB.batch([
    ...(visits ? [visits] : []),
    ...events.map((e) => {
      const advert = advertOf(e);
      return env.DB.prepare(
        `INSERT INTO tracking_events (action, channel, domain, log_id, screensize, sso_vendor, user_agent, session_id, sso_id,
           event_time, url, user_allow_tracking, advert_id, advert_name, advert_ref, campaign_ref)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)`,
      ).bind(
        e.action, e.channel, e.domain, e.logID, e.screensize, e.ssoVendor, e.userAgent, e.sessionID, e.ssoID,
        e.timestamp, e.url, e.userAllowTracking ? 1 : 0,
        advert.advertID ?? null, advert.advertName ?? null, advert.advertRef ?? null, advert.campaignRef ?? null,
      );
    }),
  ]);
  return "d1";
}

/**
 * The console funnel's visits (migrations/0020 tracking_visits): each consented session once per
 * day; a session already counted that day writes nothing. Null when the batch has none.
 */
function recordVisits(db: D1Database, events: StoredEvent[], now: number): D1PreparedStatement | null {
  const sessions = visitSessions(events);
  if (sessions.length === 0) return null;
  return db
    .prepare("INSERT INTO tracking_visits (day, session_id) SELECT ?1, value FROM json_each(?2) WHERE true ON CONFLICT DO NOTHING")
    .bind(new Date(now).toISOString().slice(0, 10), JSON.stringify(sessions));
}
