import type { Context } from "hono";
import { settingsOf, siteOriginOf, type AppEnv } from "../env";
import { ApiError } from "../http/api-error";
import { deriveStreamKey, streamKeyHash } from "../../src/domain/stream-key";
import { srtAddress, srtPushUrl } from "../../src/domain/live-ingest";
import { rotateKey } from "./ingest-events";

export interface IssuedKey {
  /** the key in plain text: shown once, here, and never stored */
  key: string;
  srt: { host: string; port: number; url: string; pushUrl: string };
}

/**
 * A new stream key for an event (the console's "Rotate key", the admin API): the old key stops
 * working at once (the ingest's next start with it is refused, and its listener re-derives).
 * 503 INGEST_NOT_CONFIGURED without INGEST_TOKEN (keys are derived from it); null: no such event.
 */
export async function issueStreamKey(c: Context<AppEnv>, id: string): Promise<IssuedKey | null> {
  const settings = settingsOf(c.env);
  const secret = settings.ingestToken;
  if (!secret) throw new ApiError(503, "INGEST_NOT_CONFIGURED", "Live ingest is not configured (INGEST_TOKEN)");
  let key = "";
  const row = await rotateKey(c.env.DB, id, async (version) => {
    key = await deriveStreamKey(secret, id, version);
    return { hash: await streamKeyHash(key) };
  });
  if (!row || row.ingest_slot === null) return null;
  const address = ingestAddress(c.env, c.req.url, row.ingest_slot);
  return { key, srt: { ...address, pushUrl: srtPushUrl(address.host, settings.ingest.srtBasePort, row.ingest_slot, key) } };
}

/** An event's SRT address without its key (the console shows it beside the masked key). */
export function ingestAddress(env: Env, requestUrl: string, slot: number): { host: string; port: number; url: string } {
  const settings = settingsOf(env);
  const host = settings.ingest.host ?? new URL(siteOriginOf(env, requestUrl)).hostname;
  return srtAddress(host, settings.ingest.srtBasePort, slot);
}

/** Whether stream keys can be issued here (they are derived from INGEST_TOKEN). */
export const ingestConfigured = (env: Env) => settingsOf(env).ingestToken !== null;
