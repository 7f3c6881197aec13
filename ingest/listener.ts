import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";
import { hlsArgs } from "./hls-args";
import { RunUploader } from "./uploader";
import { IngestApiError, type IngestApi, type IngestEvent } from "./worker-api";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Listeners made in this process so far. Each works in directories of its own number: a rotated
 * key starts a new listener for the event while the old one is still packaging its last push, and
 * with the same directory the new one would clear the old one's files and take its playlist for a
 * push of its own.
 */
let listenersMade = 0;

/** CPU seconds a process has used so far (Linux /proc; null elsewhere). */
async function cpuSeconds(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null;
  const text = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
  if (!text) return null;
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  // utime and stime, fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Where a listener's ffmpeg takes a push from: the event's SRT port, or an internal RTMP port the gate relays to. */
export type PushInput = { kind: "srt" } | { kind: "rtmp"; port: number };

/**
 * One event's listener, SRT or RTMP. SRT: ffmpeg listens on the event's port with its stream key as the SRT
 * passphrase (AES-256), so libsrt refuses an encoder with a wrong or old key during the handshake;
 * no media from it ever reaches the packager. When the first playlist appears, the worker is asked
 * to start a run with that key (refused if it was rotated meanwhile: ffmpeg is stopped and
 * nothing is uploaded); then every finished file is uploaded, and when the push ends the worker
 * is told (idle) and the listener starts again for the next push.
 * RTMP: ffmpeg listens on 127.0.0.1 only, and only the RTMP gate (ingest/rtmp-gate.ts) connects to
 * it, after an encoder's publish named the event's key; the rest is the same.
 * One push at a time per event: `pushes` holds the events with media in, shared by an event's
 * SRT and RTMP listeners; a second push is stopped before the worker hears of it.
 */
export class EventListener {
  private readonly serial = ++listenersMade;
  private child: ChildProcess | null = null;
  private stopped = false;
  readonly done: Promise<void>;

  constructor(
    private readonly api: IngestApi,
    readonly event: IngestEvent,
    private readonly key: string,
    private readonly bind: string,
    private readonly workDir: string,
    private readonly log: (line: string) => void,
    readonly input: PushInput = { kind: "srt" },
    private readonly pushes: Set<string> = new Set(),
  ) {
    this.done = this.loop();
  }

  stop(): void {
    this.stopped = true;
    this.child?.kill("SIGTERM");
  }

  private async loop(): Promise<void> {
    let push = 0;
    while (!this.stopped) {
      push += 1;
      const dir = path.join(this.workDir, `${this.event.id}-${this.input.kind}-${process.pid}-${this.serial}-${push}`);
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir, { recursive: true });
      try {
        await this.onePush(dir);
      } catch (error) {
        this.log(`${this.event.id}: ${(error as Error).message}`);
        this.child?.kill("SIGTERM");
        await sleep(2000);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }
  }

  private async onePush(dir: string): Promise<void> {
    const input =
      this.input.kind === "srt"
        ? ["-i", `srt://${this.bind}:${this.event.srtPort}?mode=listener&passphrase=${this.key}&pbkeylen=32`]
        : ["-listen", "1", "-i", `rtmp://127.0.0.1:${this.input.port}/live/in`];
    const child = spawn("ffmpeg", ["-hide_banner", "-nostdin", "-loglevel", "error", ...input, ...hlsArgs(this.event.mediaType, dir, process.env.INGEST_X264_PRESET || "veryfast")], { stdio: ["ignore", "ignore", "pipe"] });
    this.child = child;
    child.stderr?.on("data", (chunk: Buffer) => {
      const text = chunk.toString().trim();
      // A refused handshake (wrong passphrase) is libsrt's, and ends nothing: the listener goes on.
      if (text) this.log(`${this.event.id} ffmpeg: ${text.split("\n").at(-1)}`);
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    let finished = false;
    void exited.then(() => (finished = true));

    // Waiting for an encoder: until ffmpeg has packaged something, nothing is said to the worker.
    while (!finished && !(await stat(path.join(dir, "index.m3u8")).catch(() => null))) await sleep(250);
    if (finished) return;
    if (this.pushes.has(this.event.id)) {
      this.log(`${this.event.id}: another push is in; this ${this.input.kind} push is stopped`);
      child.kill("SIGTERM");
      await exited;
      return;
    }
    this.pushes.add(this.event.id);
    try {
      await this.packaged(child, exited, () => finished, dir);
    } finally {
      this.pushes.delete(this.event.id);
    }
  }

  private async packaged(child: ChildProcess, exited: Promise<number | null>, isFinished: () => boolean, dir: string): Promise<void> {
    let run: number;
    try {
      run = await this.api.start(this.event.id, this.key);
    } catch (error) {
      if (error instanceof IngestApiError && (error.status === 403 || error.status === 409)) {
        this.log(`${this.event.id}: the worker refused the push (${error.code}); stopping it`);
        child.kill("SIGTERM");
        await exited;
        if (error.status === 409) this.stop();
        return;
      }
      throw error;
    }
    const startedAt = Date.now();
    this.log(`${this.event.id}: media in, run ${run}`);
    const uploader = new RunUploader(this.api, this.event.id, run, this.event.mediaType, dir);
    let cpu: number | null = null;
    while (!isFinished()) {
      // A 5xx or a network error is the worker's moment (a busy or restarting local server answers
      // 503): the pass is tried again, as nothing it did not store is marked uploaded. A refusal (4xx)
      // ends the run as before.
      await uploader.sync().catch((error: unknown) => {
        if (error instanceof IngestApiError && error.status < 500) throw error;
        this.log(`${this.event.id}: upload failed (${(error as Error).message}); trying again`);
      });
      cpu = (await cpuSeconds(child.pid)) ?? cpu;
      await sleep(500);
    }
    await uploader.sync().catch((error: unknown) => this.log(`${this.event.id}: last upload failed: ${(error as Error).message}`));
    await this.api.stop(this.event.id, run);
    const wall = (Date.now() - startedAt) / 1000;
    const share = cpu !== null && wall > 0 ? ` ffmpeg used ${cpu.toFixed(1)} CPU s over ${wall.toFixed(0)} s (${((100 * cpu) / wall).toFixed(0)}% of a core)` : "";
    this.log(`${this.event.id}: media stopped, run ${run} idle.${share}`);
  }
}
