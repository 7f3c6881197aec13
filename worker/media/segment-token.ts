import { base64Url, fromBase64Url } from "../auth/constant-time";
import { tokenKey } from "./token-key";

/**
 * The segment token of a live stream (issue 17): every live playlist the worker answers carries,
 * on its init and segment URIs, a token `{expiry}.{audio|video}.{HMAC}` over the stream session,
 * the stream, its media type and the expiry, valid for a few target durations. The playlist is
 * where a released session, a lost right or a signed-out viewer is refused; a segment request
 * only checks this HMAC (issue 18: no session, no D1, the media type from the token itself), so a
 * session that is refused at its playlist gets no fresh segment token and its last one runs out
 * within SEGMENT_TOKEN_TARGETS target durations (docs/media-and-live.md, the bound).
 *
 * Its key is derived from the session secret under its own label, as the playback token's is
 * (token-key.ts), so it cannot be mistaken for either of the others.
 */
const KEY_LABEL = "rovers live segment token v1";

/** How many target durations a segment token lives: hls.js asks for a playlist's segments within about one. */
export const SEGMENT_TOKEN_TARGETS = 3;
/** A floor, so a 2 s video segment's token survives a slow link or a busy device. */
export const SEGMENT_TOKEN_MIN_SECONDS = 12;

export function segmentTokenSeconds(targetDuration: number): number {
  return Math.max(SEGMENT_TOKEN_TARGETS * targetDuration, SEGMENT_TOKEN_MIN_SECONDS);
}

/** What a segment token vouches for: this stream session of this stream. */
export interface SegmentScope {
  stream: string;
  assetID: string;
}

export type LiveMediaType = "audio" | "video";

const message = (scope: SegmentScope, mediaType: LiveMediaType, expiresAt: number) =>
  new TextEncoder().encode(`live-segment|${scope.stream}|${scope.assetID}|${mediaType}|${expiresAt}`);

/** The stream's media type travels in the token, so a segment request needs no stream row to pick its loop. */
export async function signSegmentToken(sessionSecret: string, scope: SegmentScope, mediaType: LiveMediaType, expiresAt: number): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", await tokenKey(sessionSecret, KEY_LABEL), message(scope, mediaType, expiresAt));
  return `${expiresAt}.${mediaType}.${base64Url(new Uint8Array(signature))}`;
}

export type SegmentCheck = { status: "ok"; mediaType: LiveMediaType } | { status: "expired" | "invalid" };

/** `nowSeconds` against the token's expiry; the HMAC is compared by WebCrypto's verify (constant time). */
export async function verifySegmentToken(
  sessionSecret: string,
  token: string | undefined,
  scope: SegmentScope,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<SegmentCheck> {
  const match = /^(\d{1,12})\.(audio|video)\.([A-Za-z0-9_-]{43})$/.exec(token ?? "");
  const mediaType = match?.[2] === "audio" || match?.[2] === "video" ? match[2] : null;
  if (!match || !mediaType) return { status: "invalid" };
  const expiresAt = Number(match[1]);
  const signature = fromBase64Url(match[3] ?? "");
  const valid = await crypto.subtle.verify("HMAC", await tokenKey(sessionSecret, KEY_LABEL), signature, message(scope, mediaType, expiresAt));
  if (!valid) return { status: "invalid" };
  return expiresAt > nowSeconds ? { status: "ok", mediaType } : { status: "expired" };
}
