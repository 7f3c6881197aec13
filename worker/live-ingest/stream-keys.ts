import type { Context } from "hono";
import { settingsOf, siteOriginOf, type AppEnv } from "../env";
import { ApiError } from "../http/api-error";
import { deriveStreamKey, streamKeyHash } from "../../src/domain/stream-key";
import { rtmpAddress, srtAddress, srtPushUrl } from "../../src/domain/live-ingest";
import { rotateKey } from "./ingest-events";

export interface IssuedKey {
  /** the key in plain text: shown once, here, and never stored */
  key: string;
  srt: { host: string; port: number; url: string; pushUrl: string };
  /** the same key as RTMP's stream name, sent in plain text: SRT is the one recommended */
  rtmp: { host: string; port: number; url: string };
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
  return { key, srt: { ...address, pushUrl: srtPushUrl(address.host, settings.ingest.srtBasePort, row.ingest_slot, key) }, rtmp: ingestRtmpAddress(c.env, c.req.url) };
}

const ingestHost = (env: Env, requestUrl: string) => settingsOf(env).ingest.host ?? new URL(siteOriginOf(env, requestUrl)).hostname;

/** An event's SRT address without its key (the console shows it beside the masked key). */
export function ingestAddress(env: Env, requestUrl: string, slot: number): { host: string; port: number; url: string } {
  return srtAddress(ingestHost(env, requestUrl), settingsOf(env).ingest.srtBasePort, slot);
}

/** The RTMP address, the same for every event (an encoder's Server; the key is its Stream key). */
export function ingestRtmpAddress(env: Env, requestUrl: string): { host: string; port: number; url: string } {
  return rtmpAddress(ingestHost(env, requestUrl), settingsOf(env).ingest.rtmpPort);
}

/** Whether stream keys can be issued here (they are derived from INGEST_TOKEN). */
export const ingestConfigured = (env: Env) => settingsOf(env).ingestToken !== null;
