import { createWriteStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { Rendition } from "../src/domain/video-ladder";

/** The worker's job API (/api/transcoder, worker/video-pipeline/transcoder-routes.ts), as the transcoder calls it. */
export interface ClaimedJob {
  job: { id: string; sourceId: string; attempts: number; maxAttempts: number };
  leaseId: string;
  leaseExpiresAt: number;
  outputPrefix: string;
  /** `title`: the video's, drawn on the still card of a source of sound alone */
  source: { id: string; fileName: string; contentType: string; bytes: number; title?: string; recording?: RecordingClaim };
}

/**
 * A live event's recording as a source (docs/transcoding.md#replays): each part (one run's init
 * and the segments the trim needs) is downloaded as its own fMP4 with `?part=N`, then cut at its
 * marks and the parts joined (transcoder/ffmpeg.ts recordingArgs).
 */
export interface RecordingClaim {
  startSeconds: number;
  endSeconds: number;
  parts: { bytes: number; fromSeconds: number; toSeconds: number }[];
}

/** The lease is someone else's now: stop this job, write nothing more. */
export class LeaseLost extends Error {
  override name = "LeaseLost";
}

/** What a transcoder says of itself on each claim and heartbeat: the console shows whether any is alive. */
export interface TranscoderReport {
  version: string;
  ffmpeg: string;
  jobsRunning: number;
}

export class JobApi {
  constructor(
    private readonly base: string,
    private readonly token: string,
    private readonly name: string,
    private readonly report: () => TranscoderReport,
  ) {}

  private async call(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("authorization", `Bearer ${this.token}`);
    const res = await fetch(new URL(`/api/transcoder${path}`, this.base), { ...init, headers, signal: init.signal ?? AbortSignal.timeout(120_000) });
    if (res.status === 409) {
      await res.body?.cancel();
      throw new LeaseLost(`${path}: the lease was lost`);
    }
    if (!res.ok && res.status !== 204 && res.status !== 206) throw new Error(`${init.method ?? "GET"} ${path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    return res;
  }

  private json(path: string, body: unknown): Promise<Response> {
    return this.call(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  }

  async claim(): Promise<ClaimedJob | null> {
    const res = await this.json("/claim", { transcoder: this.name, report: this.report() });
    if (res.status === 204) return null;
    return ((await res.json()) as { data: ClaimedJob }).data;
  }

  async heartbeat(jobId: string, leaseId: string, progress: number): Promise<void> {
    await (await this.json(`/jobs/${jobId}/heartbeat`, { leaseId, progress, transcoder: this.name, report: this.report() })).body?.cancel();
  }

  /**
   * The source (or part `part` of a recording) to `file`. A dropped connection resumes where it stopped with a Range request
   * (the worker answers 206), up to three times.
   */
  async download(jobId: string, leaseId: string, file: string, bytes: number, part?: number): Promise<void> {
    const query = part === undefined ? "" : `?part=${part}`;
    for (let attempt = 0; ; attempt++) {
      const have = attempt === 0 ? 0 : await stat(file).then((s) => s.size, () => 0);
      if (have >= bytes) return;
      try {
        const res = await this.call(`/jobs/${jobId}/source${query}`, { headers: { "x-lease-id": leaseId, ...(have > 0 ? { range: `bytes=${have}-` } : {}) } });
        if (have > 0 && res.status !== 206) throw new Error(`a resumed download answered ${res.status}`);
        await pipeline(Readable.fromWeb(res.body as WebReadableStream), createWriteStream(file, { flags: have > 0 ? "a" : "w" }));
        if ((await stat(file)).size === bytes) return;
        throw new Error("the download ended early");
      } catch (error) {
        if (error instanceof LeaseLost || attempt >= 3) throw error;
      }
    }
  }

  async upload(jobId: string, leaseId: string, name: string, contentType: string, body: Uint8Array<ArrayBuffer>): Promise<void> {
    const res = await this.call(`/jobs/${jobId}/outputs/${name}`, { method: "PUT", headers: { "x-lease-id": leaseId, "content-type": contentType }, body });
    await res.body?.cancel();
  }

  async complete(jobId: string, leaseId: string, durationSeconds: number, renditions: Rendition[]): Promise<{ applied: boolean }> {
    const res = await this.json(`/jobs/${jobId}/complete`, { leaseId, durationSeconds, renditions });
    return ((await res.json()) as { data: { applied: boolean } }).data;
  }

  async fail(jobId: string, leaseId: string, reason: string, retry: boolean): Promise<void> {
    await (await this.json(`/jobs/${jobId}/fail`, { leaseId, reason: reason.slice(0, 2000), retry })).body?.cancel();
  }
}
