import { useEffect, useState } from "react";
import { describeJob, NO_TRANSCODER_TEXT } from "../../domain/transcode-wait";
import type { ConsoleVideoJob } from "../../schemas/console-videos";
import { refusalOf } from "./console-write";

const POLL_MS = 2000;

type SourceAnswer = { data: { attributes: { job: ConsoleVideoJob | null; transcoderRunning: boolean } } };

/**
 * A video file's transcode, asked every 2 s (GET /api/console/videos/sources/{id}) until it is
 * ready or failed: why it waits (no transcoder alive, or a retry after a failed or abandoned
 * attempt), its progress, or why it failed with 'Try again', which queues the same file once more.
 */
export function VideoJobStatus({
  sourceId,
  initial,
  initialRunning,
  onSettled,
}: {
  sourceId: string;
  initial: ConsoleVideoJob | null;
  initialRunning: boolean;
  onSettled?: (status: "ready" | "failed") => void;
}) {
  const [job, setJob] = useState<ConsoleVideoJob | null>(initial);
  const [running, setRunning] = useState(initialRunning);
  const [now, setNow] = useState(() => Date.now());
  const [retry, setRetry] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const view = job ? describeJob(job, running, now) : null;
  const settled = view?.state === "ready" || (job?.status === "failed" && view?.state === "failed");

  useEffect(() => {
    if (settled) return;
    let stopped = false;
    const timer = setInterval(() => {
      void fetch(`/api/console/videos/sources/${sourceId}`, { credentials: "same-origin", headers: { accept: "application/json" } })
        .then(async (res) => (res.ok ? ((await res.json()) as SourceAnswer).data.attributes : null))
        .then((next) => {
          if (stopped || !next?.job) return;
          setJob(next.job);
          setRunning(next.transcoderRunning);
          setNow(Date.now());
          if (next.job.status === "ready" || next.job.status === "failed") onSettled?.(next.job.status);
        })
        .catch(() => undefined);
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [sourceId, settled, onSettled]);

  const tryAgain = async () => {
    setRetry({ busy: true, error: null });
    const res = await fetch(`/api/console/videos/sources/${sourceId}/retry`, { method: "POST", credentials: "same-origin", headers: { accept: "application/json" } }).catch(() => null);
    if (!res?.ok) {
      const refusal = res ? await refusalOf(res.status, await res.json().catch(() => null)) : null;
      return setRetry({ busy: false, error: refusal?.detail ?? "The console could not reach the site. Check the connection and try again." });
    }
    setRetry({ busy: false, error: null });
    // Queued again: the poll starts over from the job as the retry left it.
    setJob(((await res.json()) as { data: { attributes: { job: ConsoleVideoJob } } }).data.attributes.job);
  };

  const waiting = view?.state === "waiting";
  return (
    <div className="video-job" data-job={view?.state ?? "none"} data-retry={view?.state === "waiting" && view.retry ? "yes" : undefined}>
      {waiting && !running ? (
        <p className="video-job__notice" role="note">
          {NO_TRANSCODER_TEXT}
        </p>
      ) : null}
      <p className="video-job__status" role="status" aria-live="polite">
        {view?.text ?? "Waiting for the file…"}
      </p>
      {view?.state === "transcoding" ? <progress className="video-job__bar" max={100} value={job?.progress ?? 0} aria-label="Transcoding progress" /> : null}
      {job?.status === "failed" ? (
        <>
          <p className="video-job__help">
            Try again if the failure looks passing (a transcoder stopped, the network). If it fails again, check that the file plays on your computer, export it
            again as MP4 (H.264) and upload it as a new video; until then this one stays a draft and is never shown.
          </p>
          <p>
            <button type="button" className="console-accounts__button" disabled={retry.busy} onClick={() => void tryAgain()}>
              Try again
            </button>
          </p>
          {retry.error ? (
            <p className="console-accounts__error" role="alert">
              {retry.error}
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
