import "./console.css";
import "./console-content.css";
import "./console-accounts.css";
import "./console-live.css";
import { useEffect, useState, type FormEvent } from "react";
import { Link, useLoaderData, useRevalidator } from "react-router";
import type { liveEventsLoader } from "./console.loader";
import { ConsoleFrame } from "../../components/console/ConsoleFrame";
import { FormField } from "../../components/console/FormField";
import { FormFrame, useFormRefusal } from "../../components/console/FormFrame";
import { ConfirmPanel, useConfirm } from "../../components/console/Confirm";
import { consoleWriteAnswer, type WriteResult } from "../../components/console/console-write";
import { contentField, datetimeLocal } from "../../domain/content-form";
import { LIVE_TIER_LABELS, LIVE_TIER_NAMES, maskedKey, STALE_SEGMENTS } from "../../domain/live-events";
import { delayText } from "../../domain/live-delay";
import { REPLAY_MODE_LABELS, REPLAY_MODES } from "../../domain/live-replay";
import type { FixtureOption, IssuedKeyAnswer, LiveEvent } from "../../schemas/console-live";
import { ConsoleStatus, type ConsoleMessage } from "../../components/console/ConsoleStatus";
import { IssuedKey, ObsSettings } from "./LiveIngestKey";

type Loaded = Awaited<ReturnType<typeof liveEventsLoader>>;

/** How often the screen reads the events again: a running push's health moves with each segment. */
const POLL_MS = 5_000;

const STATUS_LABELS: Record<LiveEvent["status"], string> = { idle: "Idle (no push)", active: "Live", disabled: "Ended" };

/** The replay setting, for video and audio events alike (an audio replay's picture is a still card, src/domain/still-card.ts). */
const replayField = contentField("replayMode", "When the event ends, its recording", "select", { required: true, options: REPLAY_MODES.map((m) => ({ value: m, label: REPLAY_MODE_LABELS[m] })) });

function fieldsFor(fixtures: readonly FixtureOption[], creating: boolean) {
  return [
    contentField("title", "Title", "text", { required: true }),
    contentField("description", "Description", "textarea"),
    ...(creating
      ? [
          contentField("mediaType", "Kind of stream", "select", {
            required: true,
            options: [
              { value: "video", label: "Video" },
              { value: "audio", label: "Audio only" },
            ],
          }),
        ]
      : []),
    contentField("matchId", "Fixture it covers", "select", {
      nullable: true,
      options: fixtures.map((f) => ({ value: String(f.id), label: `${f.label}, ${new Date(f.kickoff).toUTCString().slice(0, 22)} UTC` })),
    }),
    contentField("tier", "Who may watch", "select", { required: true, options: LIVE_TIER_NAMES.map((t) => ({ value: t, label: LIVE_TIER_LABELS[t] })) }),
    contentField("matchPass", "Also sold with the fixture's match pass", "checkbox"),
    contentField("startsAt", "Scheduled start (UTC)", "datetime"),
    replayField,
  ];
}

/** One console write answered with JSON the screen needs (the key just issued). */
async function writeJson(method: "POST" | "PUT", path: string, body?: unknown): Promise<(WriteResult & { ok: false }) | { ok: true; issued: IssuedKeyAnswer | null }> {
  const result = await consoleWriteAnswer(method, path, body);
  if (!result.ok) return result;
  const [z, { issuedKeySchema }] = await Promise.all([import("zod/mini"), import("../../schemas/console-live")]);
  const issued = z.safeParse(z.object({ data: z.object({ attributes: z.object({ issued: issuedKeySchema }) }) }), result.answer);
  return { ok: true, issued: issued.success ? issued.data.data.attributes.issued : null };
}

/** The events read again every POLL_MS while the page is open (the loader's are the first). */
function usePolledEvents(initial: LiveEvent[]): LiveEvent[] {
  const [polled, setPolled] = useState<{ from: LiveEvent[]; events: LiveEvent[] } | null>(null);
  useEffect(() => {
    let stopped = false;
    const timer = setInterval(() => {
      void (async () => {
        const response = await fetch("/api/console/live-events", { credentials: "same-origin", headers: { accept: "application/json" } }).catch(() => null);
        if (!response?.ok || stopped) return;
        const [z, { liveEventsAnswerSchema }] = await Promise.all([import("zod/mini"), import("../../schemas/console-live")]);
        const parsed = z.safeParse(liveEventsAnswerSchema, await response.json().catch(() => null));
        if (parsed.success && !stopped) setPolled({ from: initial, events: parsed.data.data.attributes.events });
      })();
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [initial]);
  // A poll older than the loader's latest answer (after a write) is not shown over it.
  return polled && polled.from === initial ? polled.events : initial;
}

/**
 * The console's Live streams section: Rovers TV's live events, their pushes and viewers, a
 * running push's health; create and edit an event, the encoder's ingest details (the stream key
 * shown once, when issued), rotate the key and end the event, each behind a confirmation.
 */
export default function ConsoleLive() {
  const loaded = useLoaderData<typeof liveEventsLoader>();
  const { access, fixtures, addresses, ingestConfigured } = loaded;
  const events = usePolledEvents(loaded.events);
  const { revalidate } = useRevalidator();
  const [message, setMessage] = useState<ConsoleMessage>(null);
  const [issued, setIssued] = useState<{ title: string; issued: IssuedKeyAnswer } | null>(null);
  const [editing, setEditing] = useState<string | null>(null);

  async function changed(text: string, key?: { title: string; issued: IssuedKeyAnswer } | null) {
    setMessage({ kind: "done", text });
    setEditing(null);
    if (key !== undefined) setIssued(key);
    await revalidate();
  }

  return (
    <ConsoleFrame access={access} title="Live streams">
      <section className="console__section" aria-labelledby="live-heading">
        <h2 id="live-heading" className="console__heading">
          Live streams
        </h2>
        {ingestConfigured ? null : <p className="content-form__problem">Live ingest is not configured here (INGEST_TOKEN): events cannot be given a stream key.</p>}
        <ConsoleStatus message={message} />
        {issued ? <IssuedKey title={issued.title} issued={issued.issued} onClose={() => setIssued(null)} /> : null}
        <EventForm key="add" formId="add" fixtures={fixtures} onSaved={(text, key) => void changed(text, key)} />
        <h3 className="console__subheading" id="live-events">
          {events.length === 0 ? "No live events yet" : `${events.length} live events`}
        </h3>
        <ul className="console-live__events" aria-labelledby="live-events">
          {events.map((e) => (
            <li key={e.id} className="console-live__event" data-event={e.id}>
              <EventCard
                event={e}
                address={addresses[e.id] ?? null}
                rtmp={loaded.rtmp}
                editing={editing === e.id}
                fixtures={fixtures}
                onEdit={() => setEditing(e.id)}
                onCancel={() => setEditing(null)}
                onChanged={(text, key) => void changed(text, key)}
                onError={(text) => setMessage({ kind: "error", text })}
              />
            </li>
          ))}
        </ul>
      </section>
    </ConsoleFrame>
  );
}

function when(iso: string | null): string {
  return iso === null ? "never" : `${new Date(iso).toUTCString().slice(5, 25)} UTC`;
}

type Changed = (text: string, key?: { title: string; issued: IssuedKeyAnswer } | null) => void;

function EventCard(props: {
  event: LiveEvent;
  address: Loaded["addresses"][string] | null;
  rtmp: Loaded["rtmp"];
  editing: boolean;
  fixtures: readonly FixtureOption[];
  onEdit: () => void;
  onCancel: () => void;
  onChanged: Changed;
  onError: (text: string) => void;
}) {
  const { event: e, address, rtmp } = props;
  const confirm = useConfirm<"rotate" | "end">();
  const [busy, setBusy] = useState(false);
  const ended = e.status === "disabled";

  async function act(kind: "rotate" | "end") {
    setBusy(true);
    const result = await writeJson("POST", `/live-events/${e.id}/${kind === "rotate" ? "key" : "end"}`);
    setBusy(false);
    confirm.done();
    if (!result.ok) return props.onError(result.detail);
    if (kind === "rotate") props.onChanged(`Rotated the stream key of ${e.title}: the old key no longer connects.`, result.issued && { title: e.title, issued: result.issued });
    else props.onChanged(`Ended ${e.title}: viewers see that it is not available, and the encoder can no longer push.`, null);
  }

  return (
    <article className="console-live__card" aria-labelledby={`event-${e.id}-title`}>
      <h4 id={`event-${e.id}-title`} className="console-live__title">
        {e.title}
      </h4>
      <dl className="console-live__facts">
        <dt>Status</dt>
        <dd data-status={e.status}>{STATUS_LABELS[e.status]}</dd>
        <dt>Kind</dt>
        <dd>{e.mediaType === "video" ? "Video" : "Audio only"}</dd>
        <dt>Fixture</dt>
        <dd>{e.matchLabel ?? "None"}</dd>
        <dt>Scheduled start</dt>
        <dd>{e.startsAt ? when(e.startsAt) : "Not scheduled"}</dd>
        <dt>Pushes so far</dt>
        <dd>{e.runs}</dd>
        <dt>Last segment</dt>
        <dd>{when(e.lastMediaAt)}</dd>
        <dt>Watching now</dt>
        <dd>{e.viewers}</dd>
        <dt>Viewers' delay behind live</dt>
        <dd className="console-live__delay">{delayText(e.delay)}</dd>
        <dt>Replay</dt>
        <dd>{REPLAY_MODE_LABELS[e.replayMode]}</dd>
      </dl>
      <p>
        <Link to={`/admin/live/${e.id}`} aria-label={`Recording and replay of ${e.title}`}>
          Recording and replay
        </Link>
      </p>
      <Health event={e} />
      <details className="console-live__ingest">
        <summary>Ingest details for the encoder</summary>
        {address ? (
          <dl className="console-live__facts">
            <dt>SRT address</dt>
            <dd className="console-live__code">{address.url}</dd>
            <dt>Port</dt>
            <dd>{address.port}</dd>
            <dt>Passphrase (stream key)</dt>
            <dd>{maskedKey(e.keyVersion)}</dd>
            <dt>RTMP server (same key)</dt>
            <dd className="console-live__code">{rtmp.url}</dd>
          </dl>
        ) : (
          <p>No stream key issued yet: rotate the key to issue one.</p>
        )}
        <ObsSettings mediaType={e.mediaType} />
      </details>
      {props.editing ? (
        <EventForm formId={`edit-${e.id}`} event={e} fixtures={props.fixtures} onSaved={props.onChanged} onCancel={props.onCancel} />
      ) : confirm.asking === "rotate" ? (
        <ConfirmPanel confirm={confirm} title={`Rotate the stream key of ${e.title}?`} yes="Yes, rotate the key" busy={busy} onYes={() => void act("rotate")}>
          A push running with the old key is cut within seconds, and the old key's next connection is refused: give the encoder the new key, shown once on this page.
        </ConfirmPanel>
      ) : confirm.asking === "end" ? (
        <ConfirmPanel confirm={confirm} title={`End ${e.title}?`} yes="Yes, end the event" busy={busy} onYes={() => void act("end")}>
          Viewers are told the stream is not available and the encoder can no longer push to it. An ended event cannot be started again.
        </ConfirmPanel>
      ) : ended ? null : (
        <div className="console-live__actions">
          <button type="button" className="console__button" onClick={props.onEdit} aria-label={`Edit ${e.title}`}>
            Edit
          </button>
          <button type="button" className="console__button" ref={confirm.button("rotate")} onClick={() => confirm.ask("rotate")} aria-label={`Rotate key of ${e.title}`}>
            Rotate key
          </button>
          <button type="button" className="console__button" ref={confirm.button("end")} onClick={() => confirm.ask("end")} aria-label={`End event: ${e.title}`}>
            End event
          </button>
        </div>
      )}
    </article>
  );
}

/** A running push: its newest segment's age (glass to glass, plus the segment) and its cadence; a plain warning when stale. */
function Health({ event }: { event: LiveEvent }) {
  const h = event.health;
  if (event.status !== "active" || !h) return null;
  return (
    <div className="console-live__health" data-stale={h.stale}>
      <p>
        Newest segment {h.newestAgeSeconds.toFixed(1)} s old; a segment every {h.cadenceSeconds.toFixed(1)} s ({h.segmentSeconds} s expected).
      </p>
      {h.stale ? (
        <p className="console-live__warning" role="alert">
          No new segment for over {STALE_SEGMENTS} segment durations: the encoder or its connection may have stopped. Viewers may see a frozen picture.
        </p>
      ) : null}
    </div>
  );
}

/** Create an event, or edit one. A refusal shows beside its field and keeps what was typed; the first field in error takes the focus. */
function EventForm({ formId, event, fixtures, onSaved, onCancel }: { formId: string; event?: LiveEvent; fixtures: readonly FixtureOption[]; onSaved: Changed; onCancel?: () => void }) {
  const f = useFormRefusal(formId);
  const fields = fieldsFor(fixtures, !event);
  useEffect(() => {
    if (event) f.ref.current?.querySelector<HTMLElement>(`#${formId}-title`)?.focus();
  }, [formId, event]);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? "");
    const startsAt = text("startsAt").trim();
    const body = {
      title: text("title"),
      description: text("description"),
      ...(event ? {} : { mediaType: text("mediaType") }),
      matchId: text("matchId") === "" ? null : Number(text("matchId")),
      tier: text("tier"),
      matchPass: data.get("matchPass") !== null,
      // datetime-local has no zone: the form's times are UTC.
      startsAt: startsAt === "" ? null : Number.isNaN(Date.parse(`${startsAt}Z`)) ? startsAt : new Date(`${startsAt}Z`).toISOString(),
      replayMode: text("replayMode"),
    };
    f.setBusy(true);
    const result = await writeJson(event ? "PUT" : "POST", event ? `/live-events/${event.id}` : "/live-events", body);
    f.setBusy(false);
    if (result.ok) {
      f.clear();
      if (!event) form.reset();
      return event ? onSaved(`Saved ${body.title.trim()}.`) : onSaved(`Created ${body.title.trim()}.`, result.issued && { title: body.title.trim(), issued: result.issued });
    }
    f.refused(result.fields, result.detail, fields.map((control) => control.name));
  }

  const values: Record<string, string | boolean> = event
    ? { title: event.title, description: event.description, matchId: event.matchId === null ? "" : String(event.matchId), tier: event.tier, matchPass: event.matchPass, startsAt: event.startsAt ? datetimeLocal(event.startsAt) : "", replayMode: event.replayMode }
    : { title: "", description: "", mediaType: "video", matchId: "", tier: "mid", matchPass: false, startsAt: "", replayMode: "staff" };
  return (
    <FormFrame
      formRef={f.ref}
      className="content-form console-live__form"
      dataForm={formId}
      titleId={`${formId}-title-heading`}
      title={event ? `Edit ${event.title}` : "New live event"}
      problem={f.problem}
      busy={f.busy}
      submitLabel={event ? "Save event" : "Create event"}
      onSubmit={submit}
      onCancel={onCancel}
    >
      {fields.map((control) => (
        <FormField key={control.name} formId={formId} field={control} value={values[control.name] ?? ""} error={f.errors[control.name]} />
      ))}
    </FormFrame>
  );
}
