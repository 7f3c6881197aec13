import { readAmf0, writeAmf0, RtmpProtocolError, type Amf0Value } from "./amf0";
import { MSG_COMMAND_AMF0, MSG_COMMAND_AMF3, writeChunks, type RtmpMessage } from "./rtmp-chunks";

/**
 * The RTMP commands the gate reads and writes, and the stream key match. Pure.
 * An encoder (OBS, ffmpeg) connects to app `live`, sends releaseStream, FCPublish and createStream,
 * then `publish` with the stream key as the stream name; the gate answers each itself and only
 * then knows which event the push is for.
 */
export interface RtmpCommand {
  name: string;
  transaction: number;
  args: Amf0Value[];
}

/** The command a message carries, or null if it is not a command (media, control). */
export function readCommand(m: RtmpMessage): RtmpCommand | null {
  if (m.type !== MSG_COMMAND_AMF0 && m.type !== MSG_COMMAND_AMF3) return null;
  // An AMF3 command message is AMF0 after one format byte.
  const values = readAmf0(m.type === MSG_COMMAND_AMF3 ? m.payload.subarray(1) : m.payload);
  const [name, transaction, ...args] = values;
  if (typeof name !== "string" || typeof transaction !== "number") throw new RtmpProtocolError("RTMP_MALFORMED", "a command without a name and transaction id");
  return { name, transaction, args };
}

/** The stream name of a publish command (its first string argument after the null). */
export function publishName(command: RtmpCommand): string | null {
  const name = command.args[1];
  return typeof name === "string" ? name : null;
}

/** The app a connect command names (`live` in "rtmp://host:port/live"). */
export function connectApp(command: RtmpCommand): string | null {
  const object = command.args[0];
  const app = object && typeof object === "object" && !Array.isArray(object) ? object.app : undefined;
  return typeof app === "string" ? app.replace(/\/+$/, "") : null;
}

/** Equal strings, in time that depends only on their lengths. */
function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  let diff = x.length ^ y.length;
  for (let i = 0; i < x.length; i++) diff |= x[i]! ^ (y[i % Math.max(1, y.length)] ?? 0);
  return diff === 0;
}

/**
 * The event whose current key a publish's stream name is, or null. Every key is compared in full
 * (no early exit), so the time taken says nothing about how close a guess was. A query an encoder
 * may add to the name ("key?…") is not part of the key.
 */
export function matchStreamKey(streamName: string, keys: ReadonlyMap<string, string>): string | null {
  const presented = streamName.split("?", 1)[0] ?? "";
  let found: string | null = null;
  for (const [eventId, key] of keys) if (sameText(presented, key) && found === null) found = eventId;
  return found;
}

const CONTROL = { csid: 2, streamId: 0, timestamp: 0 };
const u32 = (n: number, extra: number[] = []) => {
  const b = Buffer.alloc(4 + extra.length);
  b.writeUInt32BE(n);
  extra.forEach((x, i) => (b[4 + i] = x));
  return b;
};

export const setChunkSize = (size: number) => writeChunks({ ...CONTROL, type: 1, payload: u32(size) }, 128);
/** Acknowledgement: the bytes received so far, sent each window as the server (some encoders wait for it). */
export const acknowledgement = (total: number) => writeChunks({ ...CONTROL, type: 3, payload: u32(total >>> 0) }, 128);
export const windowAckSize = (size: number) => writeChunks({ ...CONTROL, type: 5, payload: u32(size) }, 128);
/** Set Peer Bandwidth, limit type dynamic (2). */
export const peerBandwidth = (size: number) => writeChunks({ ...CONTROL, type: 6, payload: u32(size, [2]) }, 128);

/** A command message on chunk stream 3 (message stream `streamId`). */
export function command(streamId: number, chunkSize: number, ...values: Amf0Value[]): Buffer {
  return writeChunks({ csid: 3, type: MSG_COMMAND_AMF0, streamId, timestamp: 0, payload: writeAmf0(...values) }, chunkSize);
}

/** The server's answer to connect. */
export function connectResult(transaction: number, chunkSize: number): Buffer {
  return command(0, chunkSize, "_result", transaction, { fmsVer: "FMS/3,0,1,123", capabilities: 31 }, { level: "status", code: "NetConnection.Connect.Success", description: "Connection succeeded.", objectEncoding: 0 });
}

/** onStatus for a publish that began (what OBS waits for before it sends media). */
export function publishStart(streamId: number, chunkSize: number, name: string): Buffer {
  return command(streamId, chunkSize, "onStatus", 0, null, { level: "status", code: "NetStream.Publish.Start", description: `${name} is now published.` });
}

/** onStatus refusing a publish (the encoder shows it before the socket closes). */
export function publishRefused(streamId: number, chunkSize: number): Buffer {
  return command(streamId, chunkSize, "onStatus", 0, null, { level: "error", code: "NetStream.Publish.BadName", description: "Stream key refused." });
}
