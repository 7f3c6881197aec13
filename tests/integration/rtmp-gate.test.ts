import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hlsArgs } from "../../ingest/hls-args";
import { EventListener } from "../../ingest/listener";
import type { IngestApi } from "../../ingest/worker-api";
import { RtmpGate } from "../../ingest/rtmp-gate";
import { command } from "../../ingest/rtmp-commands";

/**
 * The RTMP gate with real ffmpeg on both sides: an encoder pushing FLV over RTMP to the gate, and
 * the event's packager, ffmpeg's RTMP listener writing CMAF HLS as the ingest runs it. The right
 * key is packaged; a wrong key and a connection that never publishes are closed, and the packager
 * never hears of them (no file written, its listener still waiting). Skipped where ffmpeg is not
 * installed. Ports 19410 to 19419.
 */
const hasFfmpeg = spawnSync("ffmpeg", ["-version"]).status === 0;
const GATE_PORT = 19410;
const PACKAGER_PORT = 19411;
const KEY = "0123456789abcdef0123456789abcdef0123456789abcdef";

function push(key: string, seconds: number, port = GATE_PORT): Promise<number | null> {
  const args = ["-hide_banner", "-loglevel", "error", "-re", "-f", "lavfi", "-i", "testsrc=size=640x360:rate=25", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", String(seconds)];
  const codec = ["-c:v", "libx264", "-preset", "ultrafast", "-g", "50", "-pix_fmt", "yuv420p", "-c:a", "aac", "-f", "flv"];
  const child = spawn("ffmpeg", [...args, ...codec, `rtmp://127.0.0.1:${port}/live/${key}`], { stdio: "ignore" });
  return new Promise((resolve) => child.on("exit", (code) => resolve(code)));
}

const files = (dir: string) => readdirSync(dir).filter((f) => f.endsWith(".m4s") || f.endsWith(".m3u8") || f.endsWith(".mp4"));

describe.skipIf(!hasFfmpeg)("the RTMP gate", () => {
  const work = mkdtempSync(path.join(tmpdir(), "rtmp-gate-"));
  const log: string[] = [];
  let packager: ChildProcess | null = null;
  let packagerExited = false;
  let busy = false;
  const gate = new RtmpGate({
    port: GATE_PORT,
    bind: "127.0.0.1",
    targets: () => new Map([["ev1", { key: KEY, port: PACKAGER_PORT }]]),
    busy: () => busy,
    publishTimeoutMs: 1500,
    log: (line) => log.push(line),
  });
  const startPackager = () => {
    packagerExited = false;
    packager = spawn("ffmpeg", ["-hide_banner", "-nostdin", "-loglevel", "error", "-listen", "1", "-i", `rtmp://127.0.0.1:${PACKAGER_PORT}/live/in`, ...hlsArgs("video", work, "ultrafast")], { stdio: "ignore" });
    packager.on("exit", () => (packagerExited = true));
  };

  beforeAll(async () => {
    await gate.listen();
    startPackager();
    await new Promise((resolve) => setTimeout(resolve, 500));
  });
  afterAll(async () => {
    packager?.kill("SIGKILL");
    await gate.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("closes a push with a wrong key before anything reaches the packager", async () => {
    const code = await push("f".repeat(48), 3);
    expect(code).not.toBe(0);
    expect(log.some((l) => l.includes("wrong or old stream key"))).toBe(true);
    expect(files(work)).toEqual([]);
    expect(packagerExited).toBe(false);
  });

  it("closes a connection that never publishes when its time is up", async () => {
    const socket = net.connect(GATE_PORT, "127.0.0.1");
    const started = Date.now();
    socket.on("connect", () => socket.write(Buffer.concat([Buffer.from([3]), Buffer.alloc(1536)])));
    socket.on("data", () => {});
    await new Promise((resolve) => socket.on("close", resolve));
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(log.some((l) => l.includes("no publish in time"))).toBe(true);
    expect(files(work)).toEqual([]);
  });

  it("reads nothing after a refused publish: a second guess in the same bytes is not tried", async () => {
    const socket = net.connect(GATE_PORT, "127.0.0.1");
    const guesses = Buffer.concat([
      command(0, 128, "connect", 1, { app: "live", tcUrl: `rtmp://127.0.0.1:${GATE_PORT}/live` }),
      command(0, 128, "createStream", 2, null),
      command(1, 128, "publish", 3, null, "e".repeat(48), "live"),
      command(1, 128, "publish", 4, null, KEY, "live"),
    ]);
    let replies = 0;
    socket.on("data", (bytes: Buffer) => {
      replies += bytes.length;
      // After S0, S1 and S2: C2, then every command at once.
      if (replies >= 1 + 2 * 1536 && replies - bytes.length < 1 + 2 * 1536) socket.write(Buffer.concat([Buffer.alloc(1536), guesses]));
    });
    socket.on("connect", () => socket.write(Buffer.concat([Buffer.from([3]), Buffer.alloc(1536)])));
    await new Promise((resolve) => socket.on("close", resolve));
    expect(log.filter((l) => l.includes("key matched"))).toEqual([]);
    expect(files(work)).toEqual([]);
    expect(packagerExited).toBe(false);
  });

  it("refuses a push while the event has another one in", async () => {
    busy = true;
    const code = await push(KEY, 2);
    busy = false;
    expect(code).not.toBe(0);
    expect(log.some((l) => l.includes("already has a push in"))).toBe(true);
    expect(files(work)).toEqual([]);
  });

  it("packages a push with the event's key", async () => {
    expect(await push(KEY, 6)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const written = files(work);
    expect(written).toContain("index.m3u8");
    expect(written).toContain("init.mp4");
    expect(written.filter((f) => f.endsWith(".m4s")).length).toBeGreaterThanOrEqual(2);
  });
});

describe.skipIf(!hasFfmpeg)("an event's RTMP listener behind the gate", () => {
  const work = mkdtempSync(path.join(tmpdir(), "rtmp-listener-"));
  const calls: string[] = [];
  // The worker's ingest API as the listener uses it: a run starts, files arrive, the run stops.
  const api = {
    start: async (id: string, key: string) => (calls.push(`start ${id} ${key === KEY}`), 1),
    put: async (id: string, name: string) => void calls.push(`put ${id} ${name}`),
    stop: async (id: string, run: number) => void calls.push(`stop ${id} ${run}`),
  } as unknown as IngestApi;
  const pushes = new Set<string>();
  // The listener's packager, as the e2e ingest runs it on a shared machine.
  process.env.INGEST_X264_PRESET = "ultrafast";
  const event = { id: "ev1", mediaType: "video" as const, keyVersion: 1, srtPort: 19414, segmentSeconds: 2 };
  const listener = new EventListener(api, event, KEY, "127.0.0.1", work, () => {}, { kind: "rtmp", port: 19413 }, pushes);
  const gate = new RtmpGate({ port: 19412, bind: "127.0.0.1", targets: () => new Map([["ev1", { key: KEY, port: 19413 }]]), busy: (id) => pushes.has(id), log: () => {} });

  beforeAll(() => gate.listen());
  afterAll(async () => {
    listener.stop();
    await listener.done;
    delete process.env.INGEST_X264_PRESET;
    await gate.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("packages and uploads a push as a run, and stops the run when it ends", async () => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await push(KEY, 6, 19412)).toBe(0);
    for (let i = 0; i < 40 && !calls.includes("stop ev1 1"); i++) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(calls[0]).toBe("start ev1 true");
    expect(calls).toContain("put ev1 r1-init.mp4");
    expect(calls).toContain("put ev1 index.m3u8");
    expect(calls.filter((c) => /^put ev1 r1-seg\d+\.m4s$/.test(c)).length).toBeGreaterThanOrEqual(2);
    expect(calls.at(-1)).toBe("stop ev1 1");
  });

  it("stops a second push of the event before the worker hears of it", async () => {
    // As if an SRT push were in: this listener's own packager is pushed to directly, past the gate.
    pushes.add("ev1");
    const before = calls.length;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // 6 s: the first 2 s segment is packaged well before it ends, and the push is cut there.
    const code = await push(KEY, 6, 19413);
    pushes.delete("ev1");
    expect(code).not.toBe(0);
    expect(calls.slice(before)).toEqual([]);
  });
});
