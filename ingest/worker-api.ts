import type { LiveMediaKind } from "../src/domain/live-ingest";

/** An event the ingest listens for (GET /api/ingest/events). */
export interface IngestEvent {
  id: string;
  mediaType: LiveMediaKind;
  keyVersion: number;
  srtPort: number;
  /** the RTMP address encoders are given (the gate's port is INGEST_RTMP_PORT) */
  rtmpUrl?: string;
  segmentSeconds: number;
}

export class IngestApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`ingest API ${status} ${code}`);
  }
}

/** The worker's ingest API (worker/live-ingest/ingest-routes.ts), with the service's bearer. */
export class IngestApi {
  constructor(
    private readonly workerUrl: string,
    private readonly token: string,
  ) {}

  private async call(path: string, init: RequestInit = {}): Promise<unknown> {
    const headers = new Headers(init.headers);
    headers.set("authorization", `Bearer ${this.token}`);
    const res = await fetch(new URL(path, this.workerUrl), { ...init, headers, signal: AbortSignal.timeout(20_000) });
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      const code = (body as { errors?: { code?: string }[] } | null)?.errors?.[0]?.code ?? "HTTP_ERROR";
      throw new IngestApiError(res.status, code);
    }
    return body;
  }

  async events(): Promise<IngestEvent[]> {
    return ((await this.call("/api/ingest/events")) as { data: IngestEvent[] }).data;
  }

  async start(id: string, key: string): Promise<number> {
    const body = await this.call(`/api/ingest/events/${id}/start`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ key }) });
    return (body as { data: { run: number } }).data.run;
  }

  async stop(id: string, run: number): Promise<void> {
    await this.call(`/api/ingest/events/${id}/stop`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ run }) });
  }

  async put(id: string, name: string, body: Uint8Array<ArrayBuffer> | string, contentType: string): Promise<void> {
    await this.call(`/api/ingest/events/${id}/files/${name}`, { method: "PUT", headers: { "content-type": contentType }, body });
  }
}
