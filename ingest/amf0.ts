/**
 * AMF0, the encoding of RTMP's command messages: enough of it to read what an encoder sends
 * before it publishes (connect, releaseStream, FCPublish, createStream, publish) and to write the
 * gate's replies. Pure. Malformed input throws RtmpProtocolError.
 */
export class RtmpProtocolError extends Error {
  constructor(
    readonly code: "RTMP_MALFORMED" | "RTMP_TOO_LARGE" | "RTMP_VERSION",
    message: string,
  ) {
    super(message);
  }
}

export type Amf0Value = number | boolean | string | null | undefined | Amf0Value[] | { [key: string]: Amf0Value };

const malformed = (what: string) => new RtmpProtocolError("RTMP_MALFORMED", `AMF0: ${what}`);

/** Every value in `bytes`, in order (a command: name, transaction id, then its arguments). */
export function readAmf0(bytes: Uint8Array): Amf0Value[] {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  const need = (n: number) => {
    if (at + n > view.length) throw malformed("truncated value");
  };
  const text = (long: boolean): string => {
    need(long ? 4 : 2);
    const length = long ? view.readUInt32BE(at) : view.readUInt16BE(at);
    at += long ? 4 : 2;
    need(length);
    const value = view.toString("utf8", at, at + length);
    at += length;
    return value;
  };
  const properties = (depth: number): { [key: string]: Amf0Value } => {
    const out: { [key: string]: Amf0Value } = {};
    for (;;) {
      const key = text(false);
      need(1);
      if (key === "" && view[at] === 0x09) {
        at += 1;
        return out;
      }
      out[key] = value(depth + 1);
    }
  };
  const value = (depth: number): Amf0Value => {
    if (depth > 8) throw malformed("nested too deep");
    need(1);
    const marker = view[at++];
    switch (marker) {
      case 0x00:
        need(8);
        at += 8;
        return view.readDoubleBE(at - 8);
      case 0x01:
        need(1);
        return view[at++] !== 0;
      case 0x02:
        return text(false);
      case 0x03:
        return properties(depth);
      case 0x05:
        return null;
      case 0x06:
        return undefined;
      case 0x08:
        need(4);
        at += 4; // the ECMA array's count is only a hint: its end marker ends it
        return properties(depth);
      case 0x0a: {
        need(4);
        const count = view.readUInt32BE(at);
        at += 4;
        if (count > 1024) throw malformed("array too long");
        return Array.from({ length: count }, () => value(depth + 1));
      }
      case 0x0c:
        return text(true);
      default:
        throw malformed(`unsupported marker 0x${(marker ?? 0).toString(16)}`);
    }
  };
  const values: Amf0Value[] = [];
  while (at < view.length) values.push(value(0));
  return values;
}

/** AMF0 bytes of `values` (numbers, strings, booleans, null and plain objects). */
export function writeAmf0(...values: Amf0Value[]): Buffer {
  const parts: Buffer[] = [];
  const str = (s: string) => {
    const bytes = Buffer.from(s, "utf8");
    const head = Buffer.alloc(2);
    head.writeUInt16BE(bytes.length);
    parts.push(head, bytes);
  };
  const write = (v: Amf0Value) => {
    if (typeof v === "number") {
      const b = Buffer.alloc(9);
      b[0] = 0x00;
      b.writeDoubleBE(v, 1);
      parts.push(b);
    } else if (typeof v === "boolean") parts.push(Buffer.from([0x01, v ? 1 : 0]));
    else if (typeof v === "string") {
      parts.push(Buffer.from([0x02]));
      str(v);
    } else if (v === null || v === undefined || Array.isArray(v)) parts.push(Buffer.from([0x05]));
    else {
      parts.push(Buffer.from([0x03]));
      for (const [key, item] of Object.entries(v)) {
        str(key);
        write(item);
      }
      parts.push(Buffer.from([0x00, 0x00, 0x09]));
    }
  };
  for (const v of values) write(v);
  return Buffer.concat(parts);
}
