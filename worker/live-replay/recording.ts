import { mediaBucket } from "../media-library/media-objects";
import { liveObjectKey } from "../live-ingest/ingest-events";
import { recordingFrom, type Recording } from "../../src/domain/live-replay";
import { INGEST_SEGMENT_SECONDS, type LiveMediaKind } from "../../src/domain/live-ingest";
import type { RecordingView } from "../../src/schemas/console-replay";

/**
 * An event's recording as R2 holds it: every run's init and segments under live/{event}/ (the
 * ingest never deletes them), and each run's latest playlist for the exact length of its last
 * segments. One listing of the event's prefix (1,000 names a page: a 2-hour match is 3,600
 * segments, four pages) and one read per run. A segment the playlists no longer list lasts the
 * ingest's segment length for the event's media (2 s of video, 6 s of audio).
 */
export async function readRecording(env: object, event: { id: string; mediaType: LiveMediaKind }): Promise<Recording> {
  const eventId = event.id;
  const bucket = mediaBucket(env);
  const prefix = liveObjectKey(eventId, "");
  const files: { name: string; bytes: number }[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor, limit: 1000 });
    for (const object of page.objects) files.push({ name: object.key.slice(prefix.length), bytes: object.size });
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  const runs = [...new Set(files.flatMap((f) => /^r(\d+)-index\.m3u8$/.exec(f.name)?.[1] ?? []))].map(Number);
  const playlists = new Map<number, string>();
  await Promise.all(
    runs.map(async (run) => {
      const object = await bucket.get(liveObjectKey(eventId, `r${run}-index.m3u8`));
      if (object) playlists.set(run, await object.text());
    }),
  );
  return recordingFrom(files, playlists, INGEST_SEGMENT_SECONDS[event.mediaType]);
}

/** What the console shows of a recording; null: nothing recorded. */
export const recordingView = (r: Recording): RecordingView | null =>
  r.runs.length === 0 ? null : { lengthSeconds: r.lengthSeconds, bytes: r.bytes, runs: r.runs.map((x) => ({ run: x.run, seconds: x.seconds, segments: x.segments.length })) };
