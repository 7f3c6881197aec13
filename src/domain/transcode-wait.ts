/**
 * Why an upload waits, in the console's words: whether any transcoder is alive (it checks in on
 * every poll for work and every heartbeat of a job it runs), and what a job's row means to a
 * producer, including a job whose transcoder died mid-way (its lease ran out: the next transcoder
 * takes it as a new attempt, so it is waiting to be retried, not stuck at its last percentage).
 */

/** A transcoder idle polls every 5 s and heartbeats every 10 s while it works: 2 minutes of silence is none. */
export const TRANSCODER_SILENT_AFTER_MS = 2 * 60 * 1000;

export const NO_TRANSCODER_TEXT = "No transcoder is running: uploads wait in the queue until one starts.";

/** True when some transcoder checked in within the last 2 minutes (`lastSeenMs`: the latest check-in, null: never). */
export function transcoderRunning(lastSeenMs: number | null, nowMs: number): boolean {
  return lastSeenMs !== null && nowMs - lastSeenMs < TRANSCODER_SILENT_AFTER_MS;
}

export type JobStatus = "queued" | "transcoding" | "ready" | "failed";

export interface JobFacts {
  status: JobStatus;
  progress: number;
  attempts: number;
  maxAttempts: number;
  failureReason: string | null;
  /** unix ms; null when no transcoder holds the job */
  leaseExpiresAt: number | null;
}

/**
 * What the console shows of a job:
 * - waiting: queued, or its transcoder stopped answering (`retry`: a later attempt, with why);
 * - transcoding: a transcoder holds it and answers;
 * - ready / failed: settled (a failed job can be tried again by staff).
 */
export type JobView =
  | { state: "waiting"; retry: boolean; text: string }
  | { state: "transcoding"; text: string }
  | { state: "ready"; text: string }
  | { state: "failed"; text: string };

export const STOPPED_ANSWERING = "the transcoder stopped answering";

export function describeJob(job: JobFacts, running: boolean, nowMs: number): JobView {
  const attemptOf = (n: number) => `attempt ${n} of ${job.maxAttempts}`;
  const waitFor = running ? "waiting for a transcoder" : "no transcoder is running, so it waits until one starts";
  switch (job.status) {
    case "ready":
      return { state: "ready", text: "Ready: the video can be published" };
    case "failed":
      return { state: "failed", text: `Failed: ${job.failureReason ?? "the file could not be transcoded"}` };
    case "queued":
      if (job.attempts === 0) return { state: "waiting", retry: false, text: `Queued: ${waitFor}` };
      return { state: "waiting", retry: true, text: `Queued to try again (${attemptOf(job.attempts + 1)}) after: ${job.failureReason ?? "a failed attempt"}; ${waitFor}` };
    case "transcoding": {
      const lapsed = job.leaseExpiresAt !== null && job.leaseExpiresAt <= nowMs;
      if (!lapsed) {
        const suffix = job.attempts > 1 ? ` (${attemptOf(job.attempts)})` : "";
        return { state: "transcoding", text: `Transcoding ${Math.floor(job.progress)}%${suffix}` };
      }
      // The next claim fails a lapsed last attempt; until then it will not be retried.
      if (job.attempts >= job.maxAttempts) return { state: "failed", text: `Failed: ${STOPPED_ANSWERING} on the last attempt` };
      return { state: "waiting", retry: true, text: `Queued to try again (${attemptOf(job.attempts + 1)}) after: ${STOPPED_ANSWERING}; ${waitFor}` };
    }
  }
}
