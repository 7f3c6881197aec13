import { RtmpProtocolError } from "./amf0";

/**
 * RTMP's chunk stream (Adobe RTMP 1.0, section 5.3), both ways: a reader that turns an encoder's
 * bytes into whole messages, and a writer that chunks a message with a full header. Pure: the
 * gate (ingest/rtmp-gate.ts) feeds it socket bytes. The reader follows the encoder's Set Chunk
 * Size; messages with compressed headers (types 1 to 3) take what they omit from the last message
 * on the same chunk stream, timestamps as ffmpeg reads them (a type 3 header that starts a message
 * adds the last timestamp field again).
 */
export interface RtmpMessage {
  csid: number;
  type: number;
  streamId: number;
  /** absolute, in ms (32 bits, wrapping) */
  timestamp: number;
  payload: Buffer;
}

export const MSG_SET_CHUNK_SIZE = 1;
export const MSG_ABORT = 2;
export const MSG_AUDIO = 8;
export const MSG_VIDEO = 9;
export const MSG_DATA_AMF0 = 18;
export const MSG_COMMAND_AMF3 = 17;
export const MSG_COMMAND_AMF0 = 20;

/** The largest chunk size accepted from an encoder (OBS and ffmpeg use 4096). */
const MAX_CHUNK_SIZE = 1 << 24;
/** Chunk streams one connection may use (encoders use a handful). */
const MAX_CHUNK_STREAMS = 64;

interface StreamState {
  timestamp: number;
  /** the last header's timestamp field: absolute after type 0, a delta after types 1 and 2 */
  tsField: number;
  length: number;
  type: number;
  streamId: number;
  extended: boolean;
  parts: Buffer[];
  received: number;
}

const malformed = (what: string) => new RtmpProtocolError("RTMP_MALFORMED", `RTMP chunk: ${what}`);

export class RtmpChunkReader {
  private pending: Buffer = Buffer.alloc(0);
  private chunkSize = 128;
  private readonly streams = new Map<number, StreamState>();

  /** The whole messages `bytes` completes; the rest is kept for the next call. */
  push(bytes: Buffer): RtmpMessage[] {
    this.pending = this.pending.length ? Buffer.concat([this.pending, bytes]) : bytes;
    const out: RtmpMessage[] = [];
    for (;;) {
      const used = this.chunk(out);
      if (used === 0) return out;
      this.pending = this.pending.subarray(used);
    }
  }

  /** Reads one chunk from `pending` if it is all there; returns the bytes it used (0: wait). */
  private chunk(out: RtmpMessage[]): number {
    const b = this.pending;
    if (b.length < 1) return 0;
    const fmt = b[0]! >> 6;
    let csid = b[0]! & 0x3f;
    let at = 1;
    if (csid === 0) {
      if (b.length < 2) return 0;
      csid = b[1]! + 64;
      at = 2;
    } else if (csid === 1) {
      if (b.length < 3) return 0;
      csid = b[1]! + b[2]! * 256 + 64;
      at = 3;
    }
    const prev = this.streams.get(csid);
    if (fmt !== 0 && !prev) throw malformed(`a compressed header on new chunk stream ${csid}`);
    if (!prev && this.streams.size >= MAX_CHUNK_STREAMS) throw malformed("too many chunk streams");
    const headerSize = [11, 7, 3, 0][fmt]!;
    if (b.length < at + headerSize) return 0;
    const s: StreamState = prev ?? { timestamp: 0, tsField: 0, length: 0, type: 0, streamId: 0, extended: false, parts: [], received: 0 };
    let tsField = s.tsField;
    let length = s.length;
    let type = s.type;
    let streamId = s.streamId;
    let extended = s.extended;
    if (fmt <= 2) {
      tsField = b.readUIntBE(at, 3);
      extended = tsField === 0xffffff;
    }
    if (fmt <= 1) {
      length = b.readUIntBE(at + 3, 3);
      type = b[at + 6]!;
    }
    if (fmt === 0) streamId = b.readUInt32LE(at + 7);
    at += headerSize;
    if (extended) {
      if (b.length < at + 4) return 0;
      if (fmt <= 2) tsField = b.readUInt32BE(at);
      at += 4;
    }
    const starting = s.received === 0;
    if (!starting && fmt !== 3) throw malformed(`a new header on chunk stream ${csid} before its message ended`);
    const take = Math.min(this.chunkSize, (starting ? length : s.length) - s.received);
    if (b.length < at + take) return 0;

    if (starting) {
      s.timestamp = fmt === 0 ? tsField : (s.timestamp + tsField) >>> 0;
      s.tsField = tsField;
      s.length = length;
      s.type = type;
      s.streamId = streamId;
      s.parts = [];
    }
    s.extended = extended;
    s.parts.push(Buffer.from(b.subarray(at, at + take)));
    s.received += take;
    this.streams.set(csid, s);
    if (s.received === s.length) {
      const payload = Buffer.concat(s.parts);
      s.parts = [];
      s.received = 0;
      this.message({ csid, type: s.type, streamId: s.streamId, timestamp: s.timestamp, payload }, out);
    }
    return at + take;
  }

  private message(m: RtmpMessage, out: RtmpMessage[]): void {
    if (m.type === MSG_SET_CHUNK_SIZE) {
      if (m.payload.length < 4) throw malformed("a short Set Chunk Size");
      const size = m.payload.readUInt32BE(0) & 0x7fffffff;
      if (size < 1 || size > MAX_CHUNK_SIZE) throw malformed(`chunk size ${size}`);
      this.chunkSize = size;
    } else if (m.type === MSG_ABORT && m.payload.length >= 4) {
      const s = this.streams.get(m.payload.readUInt32BE(0));
      if (s) {
        s.parts = [];
        s.received = 0;
      }
    }
    out.push(m);
  }
}

/** A message as chunks of `chunkSize`: a type 0 header, then type 3 continuations. */
export function writeChunks(m: Omit<RtmpMessage, "payload"> & { payload: Uint8Array }, chunkSize: number): Buffer {
  const basic = (fmt: number): Buffer => {
    if (m.csid < 64) return Buffer.from([(fmt << 6) | m.csid]);
    if (m.csid < 320) return Buffer.from([fmt << 6, m.csid - 64]);
    return Buffer.from([(fmt << 6) | 1, (m.csid - 64) & 0xff, (m.csid - 64) >> 8]);
  };
  const extended = m.timestamp >= 0xffffff;
  const ext = Buffer.alloc(extended ? 4 : 0);
  if (extended) ext.writeUInt32BE(m.timestamp >>> 0);
  const header = Buffer.alloc(11);
  header.writeUIntBE(extended ? 0xffffff : m.timestamp, 0, 3);
  header.writeUIntBE(m.payload.length, 3, 3);
  header[6] = m.type;
  header.writeUInt32LE(m.streamId, 7);
  const parts: Buffer[] = [basic(0), header, ext];
  for (let at = 0; at < m.payload.length || at === 0; at += chunkSize) {
    if (at > 0) parts.push(basic(3), ext);
    parts.push(Buffer.from(m.payload.subarray(at, at + chunkSize)));
    if (m.payload.length === 0) break;
  }
  return Buffer.concat(parts);
}
