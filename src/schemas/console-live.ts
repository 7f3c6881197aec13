import * as z from "zod/mini";

/**
 * The console's Live streams screen (/admin/live, /api/console/live-events): what the worker
 * answers (built with these types) and the page parses when it polls. Imported only by the
 * console's own chunks and the worker.
 */
const healthSchema = z.object({
  newestAgeSeconds: z.number(),
  cadenceSeconds: z.number(),
  segmentSeconds: z.number(),
  stale: z.boolean(),
});

export const liveEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  mediaType: z.enum(["audio", "video"]),
  /** as viewers see it now: active only while media arrives */
  status: z.enum(["idle", "active", "disabled"]),
  entitlements: z.array(z.string()),
  tier: z.enum(["mid", "top"]),
  matchPass: z.boolean(),
  /** ISO 8601 UTC, or null: not scheduled */
  startsAt: z.nullable(z.string()),
  matchId: z.nullable(z.number()),
  matchLabel: z.nullable(z.string()),
  /** how many keys were issued; 0: none yet (the key itself is never stored, never answered again) */
  keyVersion: z.number(),
  /** the event's slot on the ingest service (its SRT port is the base port plus this); null until a key is issued */
  srtSlot: z.nullable(z.number()),
  /** pushes so far */
  runs: z.number(),
  /** ISO time of the newest segment or playlist received */
  lastMediaAt: z.nullable(z.string()),
  /** open stream sessions on it now */
  viewers: z.number(),
  /** for a running push: its newest segment's age and the segments' cadence (src/domain/live-events.ts) */
  health: z.nullable(healthSchema),
  /** how far behind live viewers' pictures are, over the running push's last ten minutes (src/domain/live-delay.ts); null: no reading */
  delay: z.nullable(z.object({ p50Seconds: z.number(), p99Seconds: z.number(), readings: z.number() })),
  /** what ending the event does with its recording (src/domain/live-replay.ts) */
  replayMode: z.enum(["auto", "staff", "none"]),
  /** the marks set on the recording, seconds; null: its start / its end */
  replayMarks: z.object({ startSeconds: z.nullable(z.number()), endSeconds: z.nullable(z.number()) }),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

export const liveEventsAnswerSchema = z.object({
  data: z.object({ attributes: z.object({ at: z.string(), events: z.array(liveEventSchema) }) }),
});
export type LiveEventsAnswer = z.infer<typeof liveEventsAnswerSchema>;

export interface FixtureOption {
  id: number;
  label: string;
  kickoff: string;
}

/** A create or edit as the worker stores it (after its zod check). */
export interface LiveEventInput {
  title: string;
  description: string;
  mediaType: "audio" | "video";
  matchId: number | null;
  tier: "mid" | "top";
  matchPass: boolean;
  startsAt: string | null;
  replayMode: "auto" | "staff" | "none";
}

/** Where an encoder pushes, for the screen: the SRT address without the key. */
export interface IngestAddress {
  host: string;
  port: number;
  url: string;
}

/** A key just issued (create, rotate): the one answer that carries it. */
export const issuedKeySchema = z.object({
  key: z.string(),
  srt: z.object({ host: z.string(), port: z.number(), url: z.string(), pushUrl: z.string() }),
  rtmp: z.object({ host: z.string(), port: z.number(), url: z.string() }),
});
export type IssuedKeyAnswer = z.infer<typeof issuedKeySchema>;
