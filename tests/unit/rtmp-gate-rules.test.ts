import { describe, expect, it } from "vitest";
import { readAmf0, writeAmf0, RtmpProtocolError } from "../../ingest/amf0";
import { RtmpChunkReader, writeChunks, type RtmpMessage } from "../../ingest/rtmp-chunks";
import { connectApp, matchStreamKey, publishName, readCommand } from "../../ingest/rtmp-commands";

/**
 * What ffmpeg 5.1's RTMP client sent after the handshake when pushing to
 * rtmp://127.0.0.1:19420/live/abcdef0123, as captured once: connect (a type 0 header and one type 3
 * continuation at the default 128-byte chunk size), Set Chunk Size 4096, then releaseStream,
 * FCPublish and createStream with type 1 headers, and publish on message stream 1. OBS sends the
 * same commands in the same order.
 */
const FFMPEG_PUSH =
  "0300000000008c1400000000020007636f6e6e656374003ff00000000000000300036170700200046c69766500047479" +
  "706502000a6e6f6e707269766174650008666c617368566572020024464d4c452f332e302028636f6d70617469626c65" +
  "3b204c61766635392e32372e313030290005746355726c02001b72746d703a2f2f3132372e302e302e313a31c3393432" +
  "302f6c69766500000902000000000004010000000000001000430000000000271402000d72656c656173655374726561" +
  "6d0040000000000000000502000a61626364656630313233430000000000231402000946435075626c69736800400800" +
  "00000000000502000a61626364656630313233430000000000191402000c63726561746553747265616d004010000000" +
  "000000050800000000002814010000000200077075626c6973680040140000000000000502000a616263646566303132" +
  "330200046c697665" +
  "";

const commandsOf = (messages: RtmpMessage[]) => messages.map((m) => readCommand(m)?.name ?? `type ${m.type}`);

describe("the RTMP chunk reader", () => {
  it("reads ffmpeg's commands up to publish, and its stream key", () => {
    const messages = new RtmpChunkReader().push(Buffer.from(FFMPEG_PUSH, "hex"));
    expect(commandsOf(messages)).toEqual(["connect", "type 1", "releaseStream", "FCPublish", "createStream", "publish"]);
    expect(connectApp(readCommand(messages[0]!)!)).toBe("live");
    const publish = messages.at(-1)!;
    expect(publish.streamId).toBe(1);
    expect(publishName(readCommand(publish)!)).toBe("abcdef0123");
  });

  it("reads the same fed one byte at a time", () => {
    const reader = new RtmpChunkReader();
    const bytes = Buffer.from(FFMPEG_PUSH, "hex");
    const messages = [...bytes].flatMap((b) => reader.push(Buffer.from([b])));
    expect(commandsOf(messages)).toHaveLength(6);
    expect(publishName(readCommand(messages.at(-1)!)!)).toBe("abcdef0123");
  });

  it("reads what it writes: long payloads, extended timestamps, 2- and 3-byte chunk stream ids", () => {
    const payload = Buffer.alloc(10_000, 7);
    const messages = [
      { csid: 6, type: 9, streamId: 1, timestamp: 0x1234567, payload },
      { csid: 70, type: 8, streamId: 1, timestamp: 40, payload: Buffer.from([1, 2, 3]) },
      { csid: 400, type: 18, streamId: 1, timestamp: 80, payload: Buffer.alloc(300, 1) },
    ];
    const reader = new RtmpChunkReader();
    const bytes = Buffer.concat(messages.map((m) => writeChunks(m, 128)));
    expect(reader.push(bytes)).toEqual(messages);
  });

  it("follows compressed headers: deltas (type 2) and a type 3 header starting a message", () => {
    // csid 4: type 0 at 1000 (3 bytes of audio), type 2 delta 20, then type 3 (delta 20 again)
    const bytes = Buffer.from("04" + "0003e8" + "000003" + "08" + "01000000" + "aabbcc" + "84" + "000014" + "ddeeff" + "c4" + "112233", "hex");
    const messages = new RtmpChunkReader().push(bytes);
    expect(messages.map((m) => m.timestamp)).toEqual([1000, 1020, 1040]);
    expect(messages.map((m) => m.payload.toString("hex"))).toEqual(["aabbcc", "ddeeff", "112233"]);
  });

  it("applies the encoder's Set Chunk Size", () => {
    const reader = new RtmpChunkReader();
    reader.push(writeChunks({ csid: 2, type: 1, streamId: 0, timestamp: 0, payload: Buffer.from("00001000", "hex") }, 128));
    const big = { csid: 6, type: 9, streamId: 1, timestamp: 0, payload: Buffer.alloc(4000, 3) };
    expect(reader.push(writeChunks(big, 4096))).toEqual([big]);
  });

  it("refuses malformed bytes with RTMP_MALFORMED", () => {
    const fail = (hex: string) => {
      try {
        new RtmpChunkReader().push(Buffer.from(hex, "hex"));
      } catch (error) {
        return error instanceof RtmpProtocolError ? error.code : "other";
      }
      return "read";
    };
    expect(fail("43000000000010140000")).toBe("RTMP_MALFORMED"); // type 1 header on an unknown chunk stream
    expect(fail("02000000000004010000000000000000")).toBe("RTMP_MALFORMED"); // chunk size 0
    expect(fail("030000000000031400000000ff0000")).toBe("read"); // reading stops at the message, not the command
    expect(() => readCommand({ csid: 3, type: 20, streamId: 0, timestamp: 0, payload: Buffer.from("ff", "hex") })).toThrow(RtmpProtocolError);
  });
});

describe("AMF0", () => {
  it("reads what it writes", () => {
    const values = ["publish", 5, null, "key", { app: "live", n: 1, ok: true }];
    expect(readAmf0(writeAmf0(...values))).toEqual(values);
  });
  it("refuses a truncated string", () => {
    expect(() => readAmf0(Buffer.from("020010616263", "hex"))).toThrow(RtmpProtocolError);
  });
});

describe("the stream key match", () => {
  const keys = new Map([
    ["ev1", "a".repeat(48)],
    ["ev2", "b".repeat(48)],
  ]);
  it("names the event whose current key it is", () => {
    expect(matchStreamKey("b".repeat(48), keys)).toBe("ev2");
    expect(matchStreamKey(`${"a".repeat(48)}?encoder=obs`, keys)).toBe("ev1");
  });
  it("matches nothing for a wrong, shortened, empty or rotated key", () => {
    expect(matchStreamKey("c".repeat(48), keys)).toBeNull();
    expect(matchStreamKey("a".repeat(47), keys)).toBeNull();
    expect(matchStreamKey(`${"a".repeat(48)}0`, keys)).toBeNull();
    expect(matchStreamKey("", keys)).toBeNull();
    expect(matchStreamKey("a".repeat(48), new Map([["ev1", "d".repeat(48)]]))).toBeNull();
  });
});
