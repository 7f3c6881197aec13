import { base64Url, fromBase64Url } from "../auth/constant-time";
import { tokenKey } from "./token-key";
import { SEGMENT_TOKEN_MIN_SECONDS } from "../../src/domain/timings";

/**
 * The segment token of a media file, live or on-demand. Every media playlist the worker answers
 * has just re-proved the viewer's right (session, account, entitlement; live: the released list
 * too), and it signs one token per init and segment URI it lists, `{expiry}.{kind}.{HMAC}` over
 * who holds the right, the stream or video, that one file, the kind and the expiry. A segment
 * request checks only this HMAC (no session, no D1), so:
 * - a token fetches its own file and no other (a script that guesses the next file names gets
 *   nothing it was not listed);
 * - a right that is lost is refused at the next playlist, and the files already listed run out
 *   within SEGMENT_TOKEN_TARGETS target durations of the last playlist answered (the bound of
 *   docs/media-and-live.md, the same rule for live and on-demand).
 *
 * Its key is derived from the session secret under its own label, as the playback token's is
 * (token-key.ts), so it cannot be mistaken for either of the others.
 */
const KEY_LABEL = "rovers media segment token v2";

/** How many target durations a segment token lives: a player asks for a playlist's segments within about one. */
export const SEGMENT_TOKEN_TARGETS = 3;
/** A floor, so a 2 s segment's token survives a slow link or a busy device (src/domain/timings.ts: the player counts on it). */
export { SEGMENT_TOKEN_MIN_SECONDS };

export function segmentTokenSeconds(targetDuration: number): number {
  return Math.max(SEGMENT_TOKEN_TARGETS * targetDuration, SEGMENT_TOKEN_MIN_SECONDS);
}

/**
 * What a segment token vouches for. `holder`: a live stream session id, or for on-demand the
 * account and site session the playback token names (`vod:{ssoID}:{sid}`); `assetID`: the stream
 * or video; `file`: the one file, as its route names it (live `seg12.m4s`, on-demand `720p/seg0.m4s`).
 */
export interface SegmentScope {
  holder: string;
  assetID: string;
  file: string;
}

/** Live: the stream's media type, which picks its loop without a stream row. On-demand: 'vod'. */
export type SegmentKind = "audio" | "video" | "vod";
export type LiveMediaType = "audio" | "video";

/** The holder of an on-demand segment token: the playback token's account and session ('' for a visitor's). */
export function vodHolder(ssoID: string, sid: string): string {
  return `vod:${ssoID}:${sid}`;
}

const message = (scope: SegmentScope, kind: SegmentKind, expiresAt: number) =>
  new TextEncoder().encode(`segment|${scope.holder}|${scope.assetID}|${scope.file}|${kind}|${expiresAt}`);

export async function signSegmentToken(sessionSecret: string, scope: SegmentScope, kind: SegmentKind, expiresAt: number): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", await tokenKey(sessionSecret, KEY_LABEL), message(scope, kind, expiresAt));
  return `${expiresAt}.${kind}.${base64Url(new Uint8Array(signature))}`;
}

export type SegmentCheck = { status: "ok"; kind: SegmentKind } | { status: "expired" | "invalid" };

/** `nowSeconds` against the token's expiry; the HMAC is compared by WebCrypto's verify (constant time). */
export async function verifySegmentToken(
  sessionSecret: string,
  token: string | undefined,
  scope: SegmentScope,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<SegmentCheck> {
  const match = /^(\d{1,12})\.(audio|video|vod)\.([A-Za-z0-9_-]{43})$/.exec(token ?? "");
  const kind = match?.[2] === "audio" || match?.[2] === "video" || match?.[2] === "vod" ? match[2] : null;
  if (!match || !kind) return { status: "invalid" };
  const expiresAt = Number(match[1]);
  const signature = fromBase64Url(match[3] ?? "");
  const valid = await crypto.subtle.verify("HMAC", await tokenKey(sessionSecret, KEY_LABEL), signature, message(scope, kind, expiresAt));
  if (!valid) return { status: "invalid" };
  return expiresAt > nowSeconds ? { status: "ok", kind } : { status: "expired" };
}
