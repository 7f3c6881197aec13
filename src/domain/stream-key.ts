/**
 * An event's stream key: derived, not stored. key = HMAC-SHA-256(ingest secret, label, event id,
 * key version), hex. The worker keeps only its SHA-256 (to check a start of media) and the
 * version; the ingest service, which holds the same secret, derives the key to listen with it as
 * the SRT passphrase, so libsrt itself refuses an encoder with a wrong or rotated key before any
 * media flows (and its RTMP gate matches it as the stream name at publish). Rotating bumps the version: the old key matches nothing from then on. Works in
 * the worker and in Node (Web Crypto in both).
 */
const encoder = new TextEncoder();
const LABEL = "rovers-live-stream-key-v1";

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** 48 hex characters: 192 bits, inside SRT's passphrase bounds (10 to 79 characters). */
export async function deriveStreamKey(secret: string, eventId: string, version: number): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`${LABEL}\0${eventId}\0${version}`));
  return hex(mac).slice(0, 48);
}

/** What D1 keeps of a key. */
export async function streamKeyHash(key: string): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", encoder.encode(key)));
}

/** A string that could be a stream key (checked before hashing anything an encoder sent). */
export const STREAM_KEY_FORMAT = /^[0-9a-f]{48}$/;
