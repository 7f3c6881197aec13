/**
 * What a match room (durable-objects/MatchRoom.ts) lets in and what it closes. A supporter's
 * match centre only listens: the one thing it may say is the ping, which the runtime answers
 * without waking the room. So any other message is a client that is not ours, and its socket is
 * closed; a room full, or too many sockets from one address, is refused with a close code the
 * match centre understands (it polls the live API, which the edge caches, and tries again later).
 */

/** Close codes (the private range, 4000–4999), read by src/components/match/use-match-live.ts. */
export const CLOSE_NOT_PING = 4400;
export const CLOSE_ADDRESS_LIMIT = 4429;
export const CLOSE_ROOM_FULL = 4503;
/** The standard code for a message over the size a peer accepts (RFC 6455 §7.4.1). */
export const CLOSE_TOO_BIG = 1009;

/**
 * Sockets one address may hold in one match room. A household, an office or a phone carrier's
 * shared address can hold several supporters; a few dozen is far above that and far below the
 * hundreds one script opens. Whoever is refused still follows the match by polling.
 */
export const DEFAULT_SOCKETS_PER_ADDRESS = 64;
/**
 * Sockets one room holds. The room was measured delivering a goal to 5,000 sockets in under a
 * second (docs/performance.md); beyond this many, supporters poll the edge-cached live API.
 */
export const DEFAULT_SOCKETS_PER_ROOM = 20_000;
/** The largest message read as a message at all: the ping is 17 bytes. */
export const MAX_MESSAGE_BYTES = 128;

export interface SocketLimits {
  perAddress: number;
  perRoom: number;
}

export type Refusal = { code: number; reason: string };

/** Whether one more socket may join: null, or the close code and reason it is refused with. */
export function admissionOf(counts: { fromAddress: number; inRoom: number }, limits: SocketLimits): Refusal | null {
  if (counts.inRoom >= limits.perRoom) return { code: CLOSE_ROOM_FULL, reason: "The match room is full" };
  if (counts.fromAddress >= limits.perAddress) return { code: CLOSE_ADDRESS_LIMIT, reason: "Too many connections from your address" };
  return null;
}

/** The close for a message that reached the room (the ping never does: the runtime answers it). */
export function refusalOfMessage(message: string | ArrayBuffer): Refusal {
  const bytes = typeof message === "string" ? new TextEncoder().encode(message).byteLength : message.byteLength;
  return bytes > MAX_MESSAGE_BYTES ? { code: CLOSE_TOO_BIG, reason: "Message too big" } : { code: CLOSE_NOT_PING, reason: "Only the ping is accepted" };
}

/**
 * The key an address is counted under. An IPv6 host is usually handed a whole /64 and can use
 * any address in it, so its sockets are counted per /64; an IPv4 address is itself.
 */
export function addressKey(ip: string): string {
  if (!ip.includes(":")) return ip;
  const [head = "", tail = ""] = ip.toLowerCase().split("::");
  const left = head === "" ? [] : head.split(":");
  const right = tail === "" ? [] : tail.split(":");
  const missing = ip.includes("::") ? 8 - left.length - right.length : 0;
  const groups = [...left, ...Array.from({ length: Math.max(missing, 0) }, () => "0"), ...right];
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

/** How long a refused match centre polls before it asks for a socket again (jittered like any reconnect). */
export const REFUSED_BACKOFF = { firstMs: 60_000, maxMs: 60_000 } as const;

/** Whether the match centre should stop retrying soon: the room refused it for a reason a retry in seconds will not change. */
export function isRefusal(code: number): boolean {
  return code === CLOSE_ADDRESS_LIMIT || code === CLOSE_ROOM_FULL || code === CLOSE_NOT_PING || code === CLOSE_TOO_BIG;
}
