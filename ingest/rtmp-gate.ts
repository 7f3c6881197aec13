import { randomBytes } from "node:crypto";
import net from "node:net";
import { RtmpProtocolError } from "./amf0";
import { RtmpChunkReader, MSG_AUDIO, MSG_DATA_AMF0, MSG_VIDEO, writeChunks, type RtmpMessage } from "./rtmp-chunks";
import { acknowledgement, command, connectApp, connectResult, matchStreamKey, peerBandwidth, publishName, publishRefused, publishStart, readCommand, setChunkSize, windowAckSize } from "./rtmp-commands";

/** An event the gate admits: its current stream key and the port of its packager's RTMP listener. */
export interface RtmpTarget {
  key: string;
  port: number;
}

export interface RtmpGateOptions {
  port: number;
  bind: string;
  /** the events by id, read at each publish (a rotated key is refused from the next one) */
  targets: () => ReadonlyMap<string, RtmpTarget>;
  /** whether an event already has a push in (SRT or RTMP): a second one is refused */
  busy: (eventId: string) => boolean;
  publishTimeoutMs?: number;
  log: (line: string) => void;
}

const HANDSHAKE = 1536;
/** Bytes an encoder may send before publish: connect and a few commands are far less. */
const MAX_BEFORE_PUBLISH = 64 * 1024;
const CHUNK_SIZE = 4096;
const WINDOW = 2_500_000;

/**
 * The public RTMP port of the ingest: one for every event. Encoders push to
 * rtmp://host:port/live with the event's stream key as the stream name. ffmpeg's own RTMP
 * listener takes any app and stream name, so the gate stands in front of it: it answers the
 * handshake and the commands before publish itself, matches publish's stream name against the
 * current keys, and only then opens a connection of its own to that event's ffmpeg listener
 * (127.0.0.1) and relays the media, re-chunked. A wrong or rotated key, no publish within the
 * time limit or malformed bytes: the socket is closed and ffmpeg never hears of it.
 */
export class RtmpGate {
  private readonly server: net.Server;
  private readonly relaying = new Set<string>();

  constructor(private readonly options: RtmpGateOptions) {
    this.server = net.createServer((socket) => this.session(socket));
  }

  listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(this.options.port, this.options.bind, () => resolve());
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private session(socket: net.Socket): void {
    const { log } = this.options;
    const peer = `${socket.remoteAddress}:${socket.remotePort}`;
    const reader = new RtmpChunkReader();
    let handshake: Buffer = Buffer.alloc(0);
    let phase: "c0c1" | "c2" | "commands" | "relay" | "closed" = "c0c1";
    let received = 0;
    let upstream: net.Socket | null = null;
    /** media waits here until the packager has taken the gate's handshake and publish */
    let queued: RtmpMessage[] | null = [];
    let draining = false;
    let total = 0;
    let acked = 0;
    const refuse = (why: string, reply?: Buffer) => {
      if (phase === "closed") return;
      // Nothing more is read from this connection: not a second publish in the same bytes either.
      phase = "closed";
      log(`rtmp ${peer}: refused (${why})`);
      if (reply && !socket.destroyed) socket.end(reply);
      // end() lets the reply out; a client that never reads is cut off shortly after.
      setTimeout(() => socket.destroy(), 1000).unref();
      if (!reply) socket.destroy();
      upstream?.destroy();
    };
    const timer = setTimeout(() => refuse("no publish in time"), this.options.publishTimeoutMs ?? 10_000);
    socket.on("close", () => {
      clearTimeout(timer);
      upstream?.end();
    });
    socket.on("error", () => socket.destroy());

    const relay = (m: RtmpMessage) => {
      if (m.type !== MSG_AUDIO && m.type !== MSG_VIDEO && m.type !== MSG_DATA_AMF0) return;
      if (queued || !upstream) {
        queued?.push(m);
        return;
      }
      if (!upstream.write(writeChunks(m, CHUNK_SIZE)) && !draining) {
        draining = true;
        socket.pause();
        upstream.once("drain", () => {
          draining = false;
          socket.resume();
        });
      }
    };

    const onMessage = (m: RtmpMessage) => {
      if (phase === "closed") return;
      if (phase === "relay") return relay(m);
      const cmd = readCommand(m);
      if (!cmd) {
        if (m.type === MSG_AUDIO || m.type === MSG_VIDEO) throw new RtmpProtocolError("RTMP_MALFORMED", "media before publish");
        return;
      }
      if (cmd.name === "connect") {
        if (connectApp(cmd) !== "live") return refuse(`app ${connectApp(cmd) ?? "missing"}`);
        socket.write(Buffer.concat([windowAckSize(WINDOW), peerBandwidth(WINDOW), setChunkSize(CHUNK_SIZE), connectResult(cmd.transaction, CHUNK_SIZE)]));
      } else if (cmd.name === "releaseStream" || cmd.name === "FCPublish") {
        socket.write(command(0, CHUNK_SIZE, "_result", cmd.transaction, null));
      } else if (cmd.name === "createStream") {
        socket.write(command(0, CHUNK_SIZE, "_result", cmd.transaction, null, 1));
      } else if (cmd.name === "publish") {
        const targets = this.options.targets();
        const eventId = matchStreamKey(publishName(cmd) ?? "", new Map([...targets].map(([id, t]) => [id, t.key])));
        const target = eventId ? targets.get(eventId) : undefined;
        if (!eventId || !target) return refuse("wrong or old stream key", publishRefused(m.streamId, CHUNK_SIZE));
        if (this.relaying.has(eventId) || this.options.busy(eventId)) return refuse(`${eventId} already has a push in`, publishRefused(m.streamId, CHUNK_SIZE));
        phase = "relay";
        clearTimeout(timer);
        this.relaying.add(eventId);
        socket.pause();
        log(`rtmp ${peer}: key matched ${eventId}; relaying to its packager`);
        upstream = this.connectUpstream(target.port, () => {
          socket.write(publishStart(m.streamId, CHUNK_SIZE, "stream"));
          const waiting = queued ?? [];
          queued = null;
          for (const q of waiting) relay(q);
          socket.resume();
        });
        upstream.on("close", () => {
          if (queued) log(`rtmp ${peer}: ${eventId}'s packager did not take the push`);
          this.relaying.delete(eventId);
          socket.destroy();
        });
      }
    };

    socket.on("data", (bytes: Buffer) => {
      if (phase === "closed") return;
      total += bytes.length;
      if (total - acked >= WINDOW) {
        acked = total;
        socket.write(acknowledgement(total));
      }
      try {
        if (phase !== "relay") {
          received += bytes.length;
          if (received > MAX_BEFORE_PUBLISH + 2 * HANDSHAKE + 1) throw new RtmpProtocolError("RTMP_TOO_LARGE", "too many bytes before publish");
        }
        if (phase === "c0c1" || phase === "c2") {
          handshake = Buffer.concat([handshake, bytes]);
          if (phase === "c0c1") {
            if (handshake[0] !== 3) throw new RtmpProtocolError("RTMP_VERSION", "not RTMP version 3");
            if (handshake.length < 1 + HANDSHAKE) return;
            const c1 = handshake.subarray(1, 1 + HANDSHAKE);
            // S1: time 0, zero version bytes (the plain handshake), random; S2 echoes C1.
            const s1 = Buffer.concat([Buffer.alloc(8), randomBytes(HANDSHAKE - 8)]);
            socket.write(Buffer.concat([Buffer.from([3]), s1, c1]));
            handshake = handshake.subarray(1 + HANDSHAKE);
            phase = "c2";
          }
          if (handshake.length < HANDSHAKE) return;
          bytes = handshake.subarray(HANDSHAKE);
          phase = "commands";
        }
        for (const m of reader.push(bytes)) onMessage(m);
      } catch (error) {
        refuse(error instanceof RtmpProtocolError ? `${error.code}: ${error.message}` : (error as Error).message);
      }
    });
  }

  /** A client connection to an event's ffmpeg listener: handshake, connect, createStream, publish. */
  private connectUpstream(port: number, ready: () => void): net.Socket {
    const up = net.connect(port, "127.0.0.1");
    let got: Buffer = Buffer.alloc(0);
    let done = false;
    up.on("error", (error) => {
      this.options.log(`rtmp: the packager on ${port}: ${error.message}`);
      up.destroy();
    });
    up.on("connect", () => up.write(Buffer.concat([Buffer.from([3]), Buffer.alloc(8), randomBytes(HANDSHAKE - 8)])));
    up.on("data", (bytes: Buffer) => {
      // ffmpeg's replies after the handshake (results, onStatus) are not needed: read and dropped.
      if (done) return;
      got = Buffer.concat([got, bytes]);
      if (got.length < 1 + 2 * HANDSHAKE) return;
      done = true;
      const s1 = got.subarray(1, 1 + HANDSHAKE);
      const tcUrl = `rtmp://127.0.0.1:${port}/live`;
      up.write(
        Buffer.concat([
          s1,
          command(0, 128, "connect", 1, { app: "live", type: "nonprivate", flashVer: "FMLE/3.0", tcUrl }),
          setChunkSize(CHUNK_SIZE),
          command(0, CHUNK_SIZE, "createStream", 2, null),
          command(1, CHUNK_SIZE, "publish", 3, null, "in", "live"),
        ]),
      );
      ready();
    });
    return up;
  }
}
