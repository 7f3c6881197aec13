import "./console.css";
import "./console-content.css";
import "./console-accounts.css";
import "./console-live.css";
import { useEffect, useRef, useState, type FormEvent, type RefObject } from "react";
import { Link, useLoaderData, useRevalidator } from "react-router";
import type { liveEventLoader } from "./console-replay.loader";
import { ConsoleFrame } from "../../components/console/ConsoleFrame";
import { FormFrame, useFormRefusal } from "../../components/console/FormFrame";
import { ConfirmPanel, useConfirm } from "../../components/console/Confirm";
import { consoleWriteAnswer } from "../../components/console/console-write";
import { ConsoleStatus, type ConsoleMessage } from "../../components/console/ConsoleStatus";
import { clockText, REPLAY_MODE_LABELS } from "../../domain/live-replay";
import type { RecordingView, ReplayView } from "../../schemas/console-replay";

/** How often the page reads the replays again while one is being transcoded. */
const POLL_MS = 5_000;

const JOB_LABELS: Record<ReplayView["job"]["status"], string> = { queued: "Waiting for a transcoder", transcoding: "Transcoding", ready: "Ready", failed: "Failed" };

/**
 * A live event's console page: its recording once it has media (its length, a preview player,
 * the start and end marks) and its replays (each a Rovers TV video, its transcode's progress).
 * 'Make the replay' (confirmed) turns the recording between the marks into a video.
 */
export default function ConsoleLiveEvent() {
  const loaded = useLoaderData<typeof liveEventLoader>();
  const { event, access, recording, canMakeReplay } = loaded;
  const replays = usePolledReplays(event.id, loaded.replays, loaded.recording);
  const { revalidate } = useRevalidator();
  const [message, setMessage] = useState<ConsoleMessage>(null);

  return (
    <ConsoleFrame access={access} title={`${event.title}: recording and replay`}>
      <section className="console__section" aria-labelledby="event-heading">
        <p>
          <Link to="/admin/live">Back to Live streams</Link>
        </p>
        <h2 id="event-heading" className="console__heading">
          {event.title}: recording and replay
        </h2>
        <ConsoleStatus message={message} />
        <dl className="console-live__facts">
          <dt>Status</dt>
          <dd>{event.status === "disabled" ? "Ended" : event.status === "active" ? "Live" : "Idle (no push)"}</dd>
          <dt>When the event ends</dt>
          <dd>{REPLAY_MODE_LABELS[event.replayMode]}</dd>
          <dt>Recording</dt>
          <dd data-recording-length={recording?.lengthSeconds ?? 0}>{recording ? recordingText(recording) : "Nothing recorded yet"}</dd>
        </dl>
        {recording ? (
          <Recording
            eventId={event.id}
            eventTitle={event.title}
            audio={event.mediaType === "audio"}
            recording={recording}
            marks={event.replayMarks}
            canMake={canMakeReplay && event.replayMode !== "none"}
            hasReplay={replays.some((r) => r.job.status !== "failed")}
            onDone={(text) => {
              setMessage({ kind: "done", text });
              void revalidate();
            }}
          />
        ) : null}
        {event.replayMode === "none" ? <p>This event's setting is 'No replay': change it on the Live streams page to make one.</p> : null}
        <Replays replays={replays} />
      </section>
    </ConsoleFrame>
  );
}

function recordingText(r: RecordingView): string {
  const runs = r.runs.length === 1 ? "one push" : `${r.runs.length} pushes laid end to end`;
  return `${clockText(r.lengthSeconds)} (${runs}, ${(r.bytes / 1_000_000).toFixed(1)} MB)`;
}

/** The replays, read again every POLL_MS while one is queued or transcoding (the loader's are the first). */
function usePolledReplays(eventId: string, initial: ReplayView[], recording: RecordingView | null): ReplayView[] {
  const [polled, setPolled] = useState<{ from: ReplayView[]; replays: ReplayView[] } | null>(null);
  const current = polled && polled.from === initial ? polled.replays : initial;
  const busy = current.some((r) => r.job.status === "queued" || r.job.status === "transcoding" || (r.job.status === "ready" && r.publishWhenReady && r.publicationStatus === "draft"));
  useEffect(() => {
    if (!busy || !recording) return;
    let stopped = false;
    const timer = setInterval(() => {
      void (async () => {
        const response = await fetch(`/api/console/live-events/${eventId}/replay`, { credentials: "same-origin", headers: { accept: "application/json" } }).catch(() => null);
        if (!response?.ok || stopped) return;
        const [z, { replayAnswerSchema }] = await Promise.all([import("zod/mini"), import("../../schemas/console-replay")]);
        const parsed = z.safeParse(replayAnswerSchema, await response.json().catch(() => null));
        if (parsed.success && !stopped) setPolled({ from: initial, replays: parsed.data.data.attributes.replays });
      })();
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [eventId, initial, busy, recording]);
  return current;
}

/** The preview player: hls.js (its own chunk) on the console's playlist of the whole recording (an audio element for an audio event's). */
function usePreview(video: RefObject<HTMLMediaElement | null>, url: string): void {
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let stopped = false;
    let destroy = () => {};
    void import("hls.js").then(({ default: Hls }) => {
      if (stopped) return;
      if (!Hls.isSupported()) {
        element.src = url;
        return;
      }
      const hls = new Hls({ backBufferLength: 8 });
      hls.loadSource(url);
      hls.attachMedia(element);
      destroy = () => hls.destroy();
    });
    return () => {
      stopped = true;
      destroy();
    };
  }, [video, url]);
}

function Recording(props: {
  eventId: string;
  eventTitle: string;
  /** an audio event's recording: sound alone, played by an audio element */
  audio: boolean;
  recording: RecordingView;
  marks: { startSeconds: number | null; endSeconds: number | null };
  canMake: boolean;
  /** a replay that has not failed: another would be refused (REPLAY_EXISTS) */
  hasReplay: boolean;
  onDone: (text: string) => void;
}) {
  const { eventId, recording } = props;
  const formId = "replay-marks";
  const f = useFormRefusal(formId);
  const player = useRef<HTMLMediaElement>(null);
  usePreview(player, `/api/console/live-events/${eventId}/recording.m3u8`);
  const [start, setStart] = useState(props.marks.startSeconds === null ? "" : clockText(props.marks.startSeconds));
  const [end, setEnd] = useState(props.marks.endSeconds === null ? "" : clockText(props.marks.endSeconds));
  const confirm = useConfirm<"make">();

  const here = () => clockText(Math.min(player.current?.currentTime ?? 0, recording.lengthSeconds));

  async function send(kind: "marks" | "make") {
    f.setBusy(true);
    const result = await consoleWriteAnswer(kind === "marks" ? "PUT" : "POST", `/live-events/${eventId}/${kind === "marks" ? "replay-marks" : "replay"}`, { start, end });
    f.setBusy(false);
    confirm.done();
    if (!result.ok) return f.refused(result.fields, result.detail, ["start", "end"]);
    f.clear();
    props.onDone(kind === "marks" ? "Saved the marks." : `Made the replay of ${props.eventTitle}: it is being transcoded; its video is listed below.`);
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    void send("marks");
  }

  return (
    <div className="console-live__recording">
      <h3 className="console__subheading">Preview</h3>
      {props.audio ? (
        <audio ref={player as RefObject<HTMLAudioElement | null>} className="console-live__preview console-live__preview--audio" controls preload="metadata" aria-label={`Recording of ${props.eventTitle}`} data-preview />
      ) : (
        <video ref={player as RefObject<HTMLVideoElement | null>} className="console-live__preview" controls preload="metadata" aria-label={`Recording of ${props.eventTitle}`} data-preview />
      )}
      <FormFrame
        formRef={f.ref}
        className="content-form console-live__marks"
        dataForm={formId}
        titleId={`${formId}-title`}
        title="Start and end of the replay"
        hint={`Times from the recording's start, as m:ss or h:mm:ss (it lasts ${clockText(recording.lengthSeconds)}). Leave a field empty for the recording's start or end.`}
        problem={f.problem}
        busy={f.busy}
        submitLabel="Save marks"
        onSubmit={submit}
      >
        <MarkField formId={formId} name="start" label="Start" value={start} onChange={setStart} onHere={() => setStart(here())} f={f} />
        <MarkField formId={formId} name="end" label="End" value={end} onChange={setEnd} onHere={() => setEnd(here())} f={f} />
      </FormFrame>
      {!props.canMake ? null : props.hasReplay ? (
        <p>This event has its replay, listed below: another can be made only if its transcode fails.</p>
      ) : confirm.asking === "make" ? (
        <ConfirmPanel confirm={confirm} title={`Make the replay of ${props.eventTitle}?`} yes="Yes, make the replay" busy={f.busy} onYes={() => void send("make")}>
          A Rovers TV video is made from the recording between {start || "its start"} and {end || "its end"}, for the event's viewers, and transcoded{props.audio ? " (its picture a still card with the club's colours and the video's title)" : ""}. It can be made only once unless the transcode fails.
        </ConfirmPanel>
      ) : (
        <div className="console-live__actions">
          <button type="button" className="console__button console__button--primary" ref={confirm.button("make")} onClick={() => confirm.ask("make")}>
            Make the replay
          </button>
        </div>
      )}
    </div>
  );
}

function MarkField(props: { formId: string; name: "start" | "end"; label: string; value: string; onChange: (v: string) => void; onHere: () => void; f: ReturnType<typeof useFormRefusal> }) {
  const id = `${props.formId}-${props.name}`;
  return (
    <div className="cfield" data-field={props.name}>
      <label htmlFor={id} className="cfield__label">
        {props.label}
      </label>
      <div className="console-live__mark">
        <input id={id} name={props.name} className="cfield__control" inputMode="decimal" placeholder={props.name === "start" ? "0:00" : "the end"} value={props.value} onChange={(e) => props.onChange(e.target.value)} {...props.f.described(props.name)} />
        <button type="button" className="console__button" onClick={props.onHere}>
          {props.name === "start" ? "Start here" : "End here"}
        </button>
      </div>
      {props.f.problemOf(props.name)}
    </div>
  );
}

function Replays({ replays }: { replays: ReplayView[] }) {
  if (replays.length === 0) return <p>No replay made yet.</p>;
  return (
    <>
      <h3 className="console__subheading" id="replays-heading">
        Replays
      </h3>
      <ul className="console-live__events" aria-labelledby="replays-heading">
        {replays.map((r) => (
          <li key={r.sourceId} className="console-live__card" data-replay={r.entryId ?? ""}>
            <p className="console-live__title">{r.entryId ? <Link to={`/admin/videos/${r.entryId}`}>{r.title}</Link> : "Video removed"}</p>
            <dl className="console-live__facts">
              <dt>Cut</dt>
              <dd>
                {clockText(r.startSeconds)} to {clockText(r.endSeconds)} ({clockText(r.durationSeconds)})
              </dd>
              <dt>Transcode</dt>
              <dd data-job={r.job.status}>
                {JOB_LABELS[r.job.status]}
                {r.job.status === "transcoding" ? `, ${Math.round(r.job.progress)} %` : ""}
                {r.job.status === "failed" && r.job.failureReason ? `: ${r.job.failureReason}` : ""}
              </dd>
              <dt>Published</dt>
              <dd data-publication={r.publicationStatus ?? ""}>
                {r.publicationStatus === "published" ? "Yes" : r.publishWhenReady ? "By itself, once transcoded" : "No: publish it from its video page"}
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
