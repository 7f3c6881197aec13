import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { BASE_URL } from "./browser";
import { queryD1 } from "./d1";

const root = path.resolve(import.meta.dirname, "../../..");
const devToken = (file: string, name: string) => (JSON.parse(readFileSync(path.join(root, "worker", file), "utf8")) as Record<string, string>)[name] ?? "";

/**
 * What a live-to-replay test runs beside the server: an ingest service unless the run's own is up
 * (E2E_INGEST_RUNNING=1), and one more transcoder named `name` for its replay (the run's may be
 * busy with another file's upload). stop() ends both.
 */
export function startReplayServices(name: string): { stop(): void } {
  const children: ChildProcess[] = [];
  if (process.env.E2E_INGEST_RUNNING !== "1") {
    children.push(
      spawn(process.execPath, [path.join(root, "scripts", "ingest.mjs")], {
        cwd: root,
        env: { ...process.env, WORKER_URL: BASE_URL, INGEST_TOKEN: devToken("dev-ingest-token.json", "DEV_INGEST_TOKEN"), INGEST_BIND: "127.0.0.1", INGEST_POLL_SECONDS: "2", INGEST_X264_PRESET: "ultrafast" },
        stdio: ["ignore", "inherit", "inherit"],
      }),
    );
  }
  children.push(
    spawn(process.execPath, [path.join(root, "scripts", "transcoder.mjs")], {
      env: { ...process.env, WORKER_URL: BASE_URL, TRANSCODER_TOKEN: devToken("dev-transcoder-token.json", "DEV_TRANSCODER_TOKEN"), TRANSCODER_NAME: name, TRANSCODER_PRESET: "ultrafast", TRANSCODER_POLL_SECONDS: "1" },
      stdio: "ignore",
    }),
  );
  return { stop: () => children.forEach((child) => child.kill("SIGTERM")) };
}

/** A live event a test made, gone: its replays leave the catalogue, then the event and its recording's rows. */
export async function removeEventAndReplays(eventId: string): Promise<void> {
  const sources = `SELECT id FROM video_sources WHERE recording_event_id = ?`;
  await queryD1(`DELETE FROM videos WHERE source_id IN (${sources})`, [eventId]);
  await queryD1(`DELETE FROM video_media WHERE source_id IN (${sources})`, [eventId]);
  await queryD1(`DELETE FROM transcode_jobs WHERE source_id IN (${sources})`, [eventId]);
  await queryD1("DELETE FROM video_sources WHERE recording_event_id = ?", [eventId]);
  await queryD1("DELETE FROM live_stream_assets WHERE id = ?", [eventId]);
}

/** An event's status as the admin API reads it. */
export async function eventStatusOf(eventId: string): Promise<unknown> {
  const res = await fetch(`${BASE_URL}/api/admin/streams/${eventId}`, { headers: { authorization: `Bearer ${devToken("dev-admin-token.json", "DEV_ADMIN_TOKEN")}` } });
  if (!res.ok) throw new Error(`/api/admin/streams/${eventId} answered ${res.status}`);
  return ((await res.json()) as { data: { attributes: { status: unknown } } }).data.attributes.status;
}
