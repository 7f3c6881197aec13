import "./console.css";
import "./console-accounts.css";
import "./console-match-desk.css";
import "./console-match-extras.css";
import { useEffect, useId, useMemo, useState } from "react";
import { Link, useLoaderData } from "react-router";
import type { deskMatchLoader } from "./console.loader";
import type { LivePlayer, MatchEvent, MatchEventInput, MatchEventType, MatchSide } from "../../schemas/match-live";
import { ConsoleFrame } from "../../components/console/ConsoleFrame";
import { ConfirmPanel, useConfirm } from "../../components/console/Confirm";
import { consoleWrite } from "../../components/console/console-write";
import { useTapQueue } from "../../components/console/use-tap-queue";
import { useMatchLive } from "../../components/match/use-match-live";
import { EVENT_LABEL, PHASE_LABEL } from "../../components/match/LiveParts";
import { matchClock, eventMinuteLabels } from "../../domain/match-clock";
import { isLive } from "../../domain/match-live";
import {
  benchLeft,
  defaultMinute,
  offeredActions,
  onPitch,
  OPERATOR_LABELS,
  PLAYER_EVENTS,
  undoable,
  withPending,
  type PlayerEventType,
} from "../../domain/match-operator";
import { matchPath } from "../paths";
import { LOGIN_PATH } from "../../domain/access-status";
import { LineupPicker } from "./MatchLineupPicker";
import { OpponentLineupEditor } from "./OpponentLineupEditor";
import { MatchStatsPanel } from "./MatchStatsPanel";
import type { ConsoleMessage } from "../../components/console/ConsoleStatus";

/** What a tap on an event button waits for: the player (a club event), or the player off and then on (a substitution). */
type Picking = { type: PlayerEventType } | { type: "sub"; off: LivePlayer | null } | null;

const playerName = (p: LivePlayer) => (p.number === null ? p.name : `${p.number} ${p.name}`);

/**
 * The match operator's screen, phone first: the state at the top, the line-up picked from the
 * squad, one tap per event with the player picked from the line-up, Undo for the latest events,
 * and the taps on their way to the feed (pending, sent with their change number, or refused in
 * plain words). Taps survive a bad connection and a reload (use-tap-queue.ts); the rules are
 * src/domain/match-operator.ts, the feed's own (refusalOf) deciding what is offered.
 */
export default function ConsoleMatchLive() {
  const { match, squad, live: initial, clockAt, access, extras } = useLoaderData<typeof deskMatchLoader>();
  const { state } = useMatchLive(match.id, initial, true);
  const live = state ?? initial;
  const { queue, enqueue, dismiss, signedOut } = useTapQueue(match.id);
  const [now, setNow] = useState(clockAt);
  const [online, setOnline] = useState(true);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 5_000);
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      clearInterval(timer);
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);

  const clubSide: MatchSide = live.lineup?.side ?? (match.isHome ? "home" : "away");
  const otherSide: MatchSide = clubSide === "home" ? "away" : "home";
  const names: Record<MatchSide, string> = { [clubSide]: match.teamShort, [otherSide]: match.opponentShort } as Record<MatchSide, string>;
  const projected = useMemo(() => withPending(live.events, queue), [live.events, queue]);
  const offered = offeredActions(projected);
  const clock = matchClock(live, now);
  const title = `${names.home} v ${names.away}`;

  return (
    <ConsoleFrame access={access} title={`Operate ${title}`} status={<Link to="/admin/matches">All matches</Link>}>
      <section className="console__section desk" aria-labelledby="desk-title">
        <h2 id="desk-title" className="console__heading">
          {title}
        </h2>
        <div className="desk-state" data-testid="desk-state">
          <p className="desk-state__score">
            <span>{names.home}</span> <strong data-testid="desk-score">{`${live.score?.home ?? 0} – ${live.score?.away ?? 0}`}</strong> <span>{names.away}</span>
          </p>
          <p className="desk-state__phase">
            <span data-testid="desk-phase">{PHASE_LABEL[live.phase]}</span>
            {clock ? <span className="desk-state__minute">{` · ${clock.label}`}</span> : null}
            {" · "}
            <a href={matchPath(match.teamSlug, match.season, match.id)} target="_blank" rel="noreferrer">
              Match centre (opens in a new tab)
            </a>
          </p>
          {online ? null : (
            <p className="desk-state__offline" role="status">
              Offline: your taps are kept on this phone and sent in order when the connection returns.
            </p>
          )}
        </div>

        <LineupPicker matchID={match.id} squad={squad} saved={live.lineup} open={live.lineup === null || live.phase === "fixture"} />
        <OpponentLineupEditor matchID={match.id} opponent={match.opponent} saved={extras.opponentLineup} version={extras.lineupVersion} />

        <EventPad
          key={live.phase}
          clubSide={clubSide}
          names={names}
          pitch={onPitch(live.lineup, live.events)}
          bench={benchLeft(live.lineup, live.events)}
          offered={offered}
          running={clock?.minute ?? null}
          feedMinute={live.minute}
          hasLineup={live.lineup !== null}
          onTap={enqueue}
        />

        {signedOut ? (
          <p className="desk-error desk-signed-out" role="alert">
            Your sign-in has ended, so nothing more is being sent. The taps below are kept on this phone:{" "}
            <a href={LOGIN_PATH} target="_blank" rel="noopener">
              sign in again (opens a new tab)
            </a>{" "}
            and they are sent in order.
          </p>
        ) : null}
        <TapList queue={queue} onDismiss={dismiss} />
        <MatchStatsPanel matchID={match.id} names={names} saved={extras.stats} version={extras.statsVersion} />

        <UndoList matchID={match.id} events={live.events} names={names} live={isLive(live.phase) || live.phase === "full-time"} />
      </section>
    </ConsoleFrame>
  );
}

/* ------------------------------------------------------------------ events */

interface EventPadProps {
  clubSide: MatchSide;
  names: Record<MatchSide, string>;
  pitch: LivePlayer[];
  bench: LivePlayer[];
  offered: ReturnType<typeof offeredActions>;
  running: number | null;
  feedMinute: number | null;
  hasLineup: boolean;
  onTap: (input: MatchEventInput, label: string) => void;
}

function EventPad({ clubSide, names, pitch, bench, offered, running, feedMinute, hasLineup, onTap }: EventPadProps) {
  const [side, setSide] = useState<MatchSide>(clubSide);
  const [minuteText, setMinuteText] = useState<string | null>(null);
  const [picking, setPicking] = useState<Picking>(null);
  const [comment, setComment] = useState("");
  const [commentError, setCommentError] = useState("");
  const minuteId = useId();
  const minuteErrorId = useId();
  const commentId = useId();
  const commentErrorId = useId();
  const sideName = useId();

  const typed = minuteText === null ? null : minuteText.trim();
  const minuteValid = typed === null || (/^\d{1,3}$/.test(typed) && Number(typed) <= 130);
  const minuteFor = (type: MatchEventType) => (typed === null ? defaultMinute(type, running, { minute: feedMinute }) : Number(typed));
  const shownMinute = typed ?? String(defaultMinute("goal", running, { minute: feedMinute }));

  function post(type: MatchEventType, extra: { player?: LivePlayer; playerOff?: LivePlayer; text?: string } = {}, forSide: MatchSide = side) {
    if (!minuteValid) return;
    const minute = minuteFor(type);
    const input: MatchEventInput = { type, minute, side: forSide };
    if (extra.player) input.playerID = extra.player.id;
    if (extra.playerOff) input.playerOffID = extra.playerOff.id;
    if (extra.text) input.text = extra.text;
    const who = [extra.player ? playerName(extra.player) : null, extra.playerOff ? `off ${playerName(extra.playerOff)}` : null].filter(Boolean).join(", ");
    const label = [OPERATOR_LABELS[type], type === "comment" ? null : names[forSide], `${minute}'`, who || null].filter(Boolean).join(" · ");
    onTap(input, label);
    setPicking(null);
    setMinuteText(null);
  }

  function tapPlay(type: PlayerEventType | "sub") {
    if (side !== clubSide) return post(type);
    setPicking(type === "sub" ? { type: "sub", off: null } : { type });
  }

  const choices = picking === null ? [] : picking.type === "sub" && picking.off !== null ? bench : pitch;
  const question =
    picking === null
      ? ""
      : picking.type === "sub"
        ? picking.off === null
          ? "Substitution: who goes off?"
          : `Substitution: who comes on for ${picking.off.name}?`
        : `${OPERATOR_LABELS[picking.type]}: which player?`;

  return (
    <div className="desk-pad">
      <h3 className="console__subheading">Post an event</h3>
      <div className="desk-pad__row">
        <fieldset className="desk-sides">
          <legend>For</legend>
          {[clubSide, clubSide === "home" ? "away" : "home"].map((s) => (
            <label key={s} className="desk-side">
              <input type="radio" name={sideName} checked={side === s} onChange={() => (setSide(s as MatchSide), setPicking(null))} />
              <span>{names[s as MatchSide]}</span>
            </label>
          ))}
        </fieldset>
        <div className="desk-minute">
          <label htmlFor={minuteId}>Minute</label>
          <input
            id={minuteId}
            className="desk-minute__input"
            inputMode="numeric"
            value={shownMinute}
            aria-invalid={!minuteValid}
            aria-describedby={minuteErrorId}
            onChange={(e) => setMinuteText(e.target.value)}
          />
          <span id={minuteErrorId} className="desk-error">
            {minuteValid ? "" : "A whole minute from 0 to 130"}
          </span>
        </div>
      </div>

      {offered.phases.length > 0 ? (
        <div className="desk-buttons" role="group" aria-label="Phase">
          {offered.phases.map((type) => (
            <button key={type} type="button" className="desk-button desk-button--phase" disabled={!minuteValid} onClick={() => post(type, {}, clubSide)}>
              {OPERATOR_LABELS[type]}
            </button>
          ))}
        </div>
      ) : null}

      {picking ? (
        <div className="desk-picker" role="group" aria-label={question}>
          <p className="desk-picker__question">{question}</p>
          {choices.length === 0 ? (
            <p className="console__note">{hasLineup ? "Nobody to pick." : "Save the line-up first to pick players."}</p>
          ) : null}
          <div className="desk-players">
            {choices.map((p) => (
              <button
                key={p.id}
                type="button"
                className="desk-player"
                onClick={() => {
                  if (picking.type !== "sub") post(picking.type, { player: p });
                  else if (picking.off === null) setPicking({ type: "sub", off: p });
                  else post("sub", { player: p, playerOff: picking.off });
                }}
              >
                <span className="desk-player__number">{p.number ?? "–"}</span> <span>{p.name}</span>
              </button>
            ))}
          </div>
          <div className="desk-buttons">
            {picking.type === "sub" ? null : (
              <button type="button" className="desk-button" onClick={() => post(picking.type)}>
                No player named
              </button>
            )}
            <button type="button" className="desk-button" onClick={() => setPicking(null)}>
              Cancel
            </button>
          </div>
        </div>
      ) : offered.play ? (
        <div className="desk-buttons" role="group" aria-label="Match events">
          {[...PLAYER_EVENTS, "sub" as const].map((type) => (
            <button key={type} type="button" className={`desk-button desk-button--${type}`} disabled={!minuteValid} onClick={() => tapPlay(type)}>
              {OPERATOR_LABELS[type]}
            </button>
          ))}
        </div>
      ) : null}

      {offered.comment ? (
        <form
          className="desk-comment"
          onSubmit={(e) => {
            e.preventDefault();
            const text = comment.trim();
            if (!text) return setCommentError("Write the comment first");
            if (text.length > 1000) return setCommentError("At most 1,000 characters");
            setCommentError("");
            post("comment", { text }, clubSide);
            setComment("");
          }}
        >
          <label htmlFor={commentId}>Comment</label>
          <textarea
            id={commentId}
            rows={2}
            value={comment}
            aria-invalid={commentError !== ""}
            aria-describedby={commentErrorId}
            onChange={(e) => setComment(e.target.value)}
          />
          <span id={commentErrorId} className="desk-error">
            {commentError}
          </span>
          <button type="submit" className="desk-button" disabled={!minuteValid}>
            Post comment
          </button>
        </form>
      ) : null}
    </div>
  );
}

/* ------------------------------------------------------------------ this phone's taps */

function TapList({ queue, onDismiss }: { queue: ReturnType<typeof useTapQueue>["queue"]; onDismiss: (key: string) => void }) {
  const taps = [...queue].sort((a, b) => b.tappedAt - a.tappedAt);
  return (
    <div className="desk-taps">
      <h3 className="console__subheading">Sent from this phone</h3>
      {taps.length === 0 ? <p className="console__note">Nothing yet.</p> : null}
      <ul className="desk-taps__list" aria-live="polite">
        {taps.map((t) => (
          <li key={t.key} className={`desk-tap desk-tap--${t.status}`} data-tap={t.status}>
            <span className="desk-tap__label">{t.label}</span>
            <span className="desk-tap__status">
              {t.status === "pending" ? (t.attempts > 0 ? `Pending (tried ${t.attempts}×)` : "Pending") : t.status === "sent" ? `Sent · #${t.seq}` : `Refused: ${t.refusal}`}
            </span>
            {t.status === "refused" ? (
              <button type="button" className="desk-button desk-button--small" onClick={() => onDismiss(t.key)}>
                Dismiss
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/* ------------------------------------------------------------------ undo */

function UndoList({ matchID, events, names, live }: { matchID: number; events: MatchEvent[]; names: Record<MatchSide, string>; live: boolean }) {
  const confirm = useConfirm<string>();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<ConsoleMessage>(null);
  const latest = undoable(events);
  const minutes = eventMinuteLabels(events);
  if (!live && latest.length === 0) return null;

  const describe = (e: MatchEvent) =>
    [EVENT_LABEL[e.type], e.type === "comment" ? null : names[e.side], minutes.get(e.id), e.player?.name, e.playerOff ? `off ${e.playerOff.name}` : null, e.text]
      .filter(Boolean)
      .join(" · ");

  async function undo(event: MatchEvent) {
    setBusy(true);
    const result = await consoleWrite("DELETE", `/matches/${matchID}/events/${encodeURIComponent(event.id)}`);
    setBusy(false);
    confirm.done();
    setNote(result.ok ? { kind: "done", text: `Withdrawn: ${describe(event)}.` } : { kind: "error", text: result.detail });
  }

  return (
    <div className="desk-undo">
      <h3 className="console__subheading">Latest events</h3>
      <p className={note?.kind === "error" ? "desk-error" : "desk-done"} role="status">
        {note?.text ?? ""}
      </p>
      <ul className="desk-undo__list">
        {latest.map((e) => (
          <li key={e.id} className="desk-undo__item" data-event={e.type}>
            <span>{describe(e)}</span>
            {confirm.asking === e.id ? (
              <ConfirmPanel confirm={confirm} title={`Undo this ${EVENT_LABEL[e.type].toLowerCase()}?`} yes="Yes, withdraw it" busy={busy} onYes={() => void undo(e)}>
                It is withdrawn for everyone following the match, and shown struck through in the timeline.
              </ConfirmPanel>
            ) : (
              <button type="button" className="desk-button desk-button--small" ref={confirm.button(e.id)} aria-label={`Undo: ${describe(e)}`} onClick={() => confirm.ask(e.id)}>
                Undo
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
