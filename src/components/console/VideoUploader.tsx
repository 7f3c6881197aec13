import { useEffect, useRef, useState } from "react";
import { abortVideoUpload, uploadVideo, UploadCancelled, UploadInterrupted, UploadRefused } from "./video-upload";
import { sizeText } from "./video-figures";

type Phase = { kind: "idle" } | { kind: "sending" } | { kind: "interrupted" } | { kind: "confirm-cancel" };

/**
 * Choose a video file and send it (src/components/console/video-upload.ts): a progress bar of
 * bytes sent, a line saying when a part is sent again or the upload waits for the connection,
 * Resume after a longer loss, and Cancel (confirmed) that leaves nothing. The worker's refusals
 * (not a video, too large) show beside the file field with their text.
 */
export function VideoUploader({ onUploaded }: { onUploaded: (sourceId: string, fileName: string) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const [note, setNote] = useState("");
  const [fileError, setFileError] = useState<{ code: string; text: string } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const uploadId = useRef<string | null>(null);
  const sentParts = useRef<number[]>([]);

  useEffect(() => () => abort.current?.abort(), []);

  async function start(chosen: File) {
    setFileError(null);
    setNote("");
    setPhase({ kind: "sending" });
    const controller = new AbortController();
    abort.current = controller;
    try {
      const done = await uploadVideo(
        chosen,
        {
          onProgress: (sent, total) => setProgress({ sent, total }),
          onStarted: (id) => {
            uploadId.current = id;
          },
          onRetry: (n, attempt) => setNote(`The connection dropped: sending part ${n} again (try ${attempt + 1}).`),
          onPartSent: (n) => {
            sentParts.current.push(n);
            // What a test reads to check that no part is sent twice.
            document.documentElement.dataset.videoPartsSent = sentParts.current.join(",");
          },
        },
        controller.signal,
      );
      setNote("Uploaded. The video is now being processed.");
      setPhase({ kind: "idle" });
      onUploaded(done.sourceId, chosen.name);
    } catch (error) {
      if (error instanceof UploadCancelled) return;
      if (error instanceof UploadRefused) {
        setPhase({ kind: "idle" });
        setProgress(null);
        setFileError({ code: error.code, text: error.detail });
        return;
      }
      if (error instanceof UploadInterrupted) {
        setPhase({ kind: "interrupted" });
        setNote("The connection is lost. Parts already sent are kept: Resume when you are back online.");
        return;
      }
      setPhase({ kind: "interrupted" });
      setNote("The upload stopped. Resume to carry on from the parts already sent.");
    }
  }

  async function cancel() {
    abort.current?.abort();
    if (file && uploadId.current) await abortVideoUpload(file, uploadId.current);
    uploadId.current = null;
    setProgress(null);
    setPhase({ kind: "idle" });
    setNote("Upload cancelled: nothing of it was kept.");
  }

  const percent = progress && progress.total > 0 ? Math.floor((progress.sent / progress.total) * 100) : 0;
  const busy = phase.kind === "sending";
  return (
    <form
      className="video-upload"
      aria-label="Upload a video"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (file) void start(file);
        else setFileError({ code: "FILE_REQUIRED", text: "Choose a video file (MP4, MOV or MKV)" });
      }}
    >
      <div className="cfield">
        <label htmlFor="video-file" className="cfield__label">
          Video file (MP4, MOV or MKV, up to 20 GB)
        </label>
        <input
          id="video-file"
          name="file"
          type="file"
          accept="video/mp4,video/quicktime,video/x-matroska,.mp4,.mov,.mkv"
          className="cfield__control video-upload__input"
          disabled={busy}
          onChange={(e) => {
            setFile(e.currentTarget.files?.[0] ?? null);
            setFileError(null);
            setProgress(null);
          }}
          {...(fileError ? { "aria-invalid": true, "aria-describedby": "video-file-error" } : {})}
        />
        {fileError ? (
          <p id="video-file-error" className="cfield__error" data-code={fileError.code}>
            {fileError.text}
          </p>
        ) : null}
      </div>
      {progress ? (
        <div className="media-progress">
          <label htmlFor="video-progress">
            Uploaded {percent}% ({sizeText(progress.sent)} of {sizeText(progress.total)})
          </label>
          <progress id="video-progress" max={progress.total} value={progress.sent} />
        </div>
      ) : null}
      <p className="video-upload__note" role="status" aria-live="polite">
        {note}
      </p>
      {phase.kind === "confirm-cancel" ? (
        <div className="console-accounts__confirm" role="group" aria-label="Cancel the upload?">
          <p className="console-accounts__confirm-title">Cancel the upload?</p>
          <p>The parts already sent are deleted; you would start again from the beginning.</p>
          <div className="console-accounts__buttons">
            <button type="button" className="console-accounts__button console-accounts__button--danger" onClick={() => void cancel()}>
              Yes, cancel the upload
            </button>
            <button type="button" className="console-accounts__button console-accounts__button--plain" onClick={() => setPhase({ kind: uploadId.current && !abort.current?.signal.aborted ? "sending" : "idle" })}>
              Keep uploading
            </button>
          </div>
        </div>
      ) : (
        <div className="console-accounts__buttons">
          {phase.kind === "interrupted" ? (
            <button type="submit" className="console__button console__button--primary">
              Resume
            </button>
          ) : (
            <button type="submit" className="console__button console__button--primary" disabled={busy}>
              {busy ? "Uploading…" : "Upload"}
            </button>
          )}
          {busy || phase.kind === "interrupted" ? (
            <button type="button" className="console__button" onClick={() => setPhase({ kind: "confirm-cancel" })}>
              Cancel upload
            </button>
          ) : null}
        </div>
      )}
    </form>
  );
}
