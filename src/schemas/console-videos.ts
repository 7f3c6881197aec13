import { z } from "zod";
import { CONSOLE_VIDEO_STATUSES } from "../domain/video-publication";
import { mediaRefId } from "../domain/media-ref";

/**
 * The console's Rovers TV publish form as the worker parses it (worker/console/video-publishing.ts).
 * Times are what the form shows: Europe/London `datetime-local` values ('' for none); the worker
 * stores them as UTC.
 */
const localTime = z.union([z.literal(""), z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Choose a date and time")]);

export const tierSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("everyone") }),
  z.object({ kind: z.literal("signed-in") }),
  z.object({ kind: z.literal("packages"), packageIds: z.array(z.string().max(100)).max(50) }),
]);

export const videoFormSchema = z.object({
  title: z.string().trim().min(1, "Give the video a title").max(200, "A title is at most 200 characters"),
  description: z.string().max(5000, "A description is at most 5000 characters"),
  categoryId: z.number({ message: "Choose a category" }).int().positive("Choose a category"),
  teamId: z.number().int().positive().nullable(),
  /** in the featured carousel at the top of /videos; the category's rail shows it anyway */
  featured: z.boolean(),
  tier: tierSchema,
  publishAt: localTime,
  expiresAt: localTime,
  chapters: z.array(z.object({ time: z.string().max(12), title: z.string().max(500) })).max(200),
  /**
   * The picture on the video's cards and page: a media library photo (`media:{id}`), or '' for the
   * artwork the site draws from the video's title. Absent (an older form): the picture stays.
   */
  imageKey: z.string().refine((v) => v === "" || mediaRefId(v) !== null, "Choose a photo from the media library").optional(),
  /** a new video's uploaded file (its source); an existing video keeps its own */
  sourceId: z.uuid().nullable().optional(),
}).strict();
export type VideoForm = z.infer<typeof videoFormSchema>;

export const consoleVideoStatusSchema = z.enum(CONSOLE_VIDEO_STATUSES);

export interface ConsoleVideoRow {
  entryId: string;
  title: string;
  status: z.infer<typeof consoleVideoStatusSchema>;
  categoryName: string;
  renditions: string[];
  /** source plus media, bytes; null with no uploaded file */
  bytes: number | null;
  durationSeconds: number;
  plays: number;
  secondsWatched: number;
  publishAt: string | null;
  expiresAt: string | null;
}

export interface ConsoleVideoCaption {
  language: string;
  label: string;
  bytes: number;
}

export interface ConsoleVideoJob {
  status: "queued" | "transcoding" | "ready" | "failed";
  progress: number;
  failureReason: string | null;
  attempts: number;
  maxAttempts: number;
  /** unix ms; a transcoding job past it lost its transcoder and waits for the next attempt */
  leaseExpiresAt: number | null;
}

export interface ConsoleVideoDetail {
  row: ConsoleVideoRow;
  form: VideoForm;
  publicationStatus: "draft" | "published";
  sourceId: string | null;
  job: ConsoleVideoJob | null;
  /** some transcoder checked in within 2 minutes (src/domain/transcode-wait.ts) */
  transcoderRunning: boolean;
  media: { durationSeconds: number; width: number; height: number; renditions: string[] } | null;
  captions: ConsoleVideoCaption[];
}

export interface ConsoleVideoOptions {
  categories: { id: number; name: string }[];
  teams: { id: number; name: string }[];
  packages: { id: string; title: string; entitlements: string[] }[];
}
