import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { deriveStreamKey } from "../src/domain/stream-key";
import { EventListener } from "./listener";
import { RtmpGate, type RtmpTarget } from "./rtmp-gate";
import { IngestApi } from "./worker-api";

/**
 * The live ingest service (docs/media-and-live.md 'Live ingest'): listens for encoders' SRT pushes,
 * one port per live event, and RTMP pushes on one port for all (the stream key picks the event),
 * and packages each push as live CMAF HLS into R2 through the worker's
 * ingest API. Settings from the environment:
 *   WORKER_URL            the worker's origin (http://127.0.0.1:8787 under `npm run dev`)
 *   INGEST_TOKEN          the ingest API's bearer token, and the secret stream keys derive from
 *   INGEST_BIND           the address to listen on (default 0.0.0.0; `npm run dev`: 127.0.0.1)
 *   INGEST_WORK_DIR       where ffmpeg writes before upload (default the system's temp dir)
 *   INGEST_X264_PRESET   x264's preset for video (default veryfast; a busy machine that falls behind real time: superfast)
 *   INGEST_RTMP_PORT      the RTMP gate's port (default 1935; `npm run dev` and e2e derive one per server port)
 *   INGEST_POLL_SECONDS   how often the event list is read again (default 10): new events, rotated keys, ended ones
 * SIGTERM or SIGINT stops every listener (a push in progress goes idle at the worker once no
 * segment arrives for its idle time).
 */
const workerUrl = process.env.WORKER_URL;
const token = process.env.INGEST_TOKEN;
if (!workerUrl || !token) {
  console.error("ingest: set WORKER_URL and INGEST_TOKEN");
  process.exit(2);
}
const bind = process.env.INGEST_BIND || "0.0.0.0";
const workDir = process.env.INGEST_WORK_DIR || path.join(tmpdir(), "rovers-ingest");
const pollMs = Math.max(1, Number(process.env.INGEST_POLL_SECONDS || 10)) * 1000;
const rtmpPort = Number(process.env.INGEST_RTMP_PORT || 1935);

const api = new IngestApi(workerUrl, token);
const log = (line: string) => console.log(`[ingest] ${line}`);
const listeners = new Map<string, EventListener[]>();
/** The RTMP gate's view: each listening event's key and its packager's internal RTMP port. */
const rtmpTargets = new Map<string, RtmpTarget>();
/** Events with a push in (SRT or RTMP): one at a time. */
const pushes = new Set<string>();
let stopping = false;

const gate = new RtmpGate({ port: rtmpPort, bind, targets: () => rtmpTargets, busy: (id) => pushes.has(id), log });
await gate.listen();
log(`RTMP gate on rtmp://${bind}:${rtmpPort}/live`);

/** A free port on 127.0.0.1 for an event's internal RTMP listener. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    stopping = true;
    void gate.close();
    const all = [...listeners.values()].flat();
    for (const listener of all) listener.stop();
    void Promise.all(all.map((l) => l.done)).then(() => process.exit(0));
  });
}

/** Listeners follow the worker's list: one per event, restarted when its key or port changes. */
async function refresh(): Promise<void> {
  const events = await api.events();
  const wanted = new Set<string>();
  for (const event of events) {
    const id = `${event.id}:${event.keyVersion}:${event.srtPort}`;
    wanted.add(id);
    if (listeners.has(id)) continue;
    const key = await deriveStreamKey(token as string, event.id, event.keyVersion);
    const port = await freePort();
    listeners.set(id, [
      new EventListener(api, event, key, bind, workDir, log, { kind: "srt" }, pushes),
      new EventListener(api, event, key, bind, workDir, log, { kind: "rtmp", port }, pushes),
    ]);
    rtmpTargets.set(event.id, { key, port });
    log(`listening for ${event.id} (${event.mediaType}) on srt://${bind}:${event.srtPort} and RTMP (packager on 127.0.0.1:${port})`);
  }
  for (const [id, pair] of listeners) {
    if (!wanted.has(id)) {
      for (const listener of pair) listener.stop();
      listeners.delete(id);
      const eventId = pair[0]?.event.id ?? "";
      // A rotated key's replacement is already in the map under the same event id.
      if (![...wanted].some((w) => w.startsWith(`${eventId}:`))) rtmpTargets.delete(eventId);
      log(`stopped listening for ${eventId} (key rotated, event ended or moved)`);
    }
  }
}

while (!stopping) {
  await refresh().catch((error: unknown) => log(`the worker's event list: ${(error as Error).message}`));
  await new Promise((resolve) => setTimeout(resolve, pollMs));
}
