import type { Match } from "../../schemas/teams";
import type { Lineup, LiveMatch, LivePlayer, MatchEvent, MatchEventType, MatchPhase, MatchSide } from "../../schemas/match-live";
import { useEffect, useState } from "react";
import { isLive, timelineOf } from "../../domain/match-live";
import { eventMinuteLabels, matchClock } from "../../domain/match-clock";
import { sides } from "./match-outcome";
import { SideCrest, SideName } from "./MatchParts";

// The live match centre's parts, apart from MatchParts: the home page and the fixture
// lists draw matches too, and a first visit should not carry the live timeline's code.

/** How the timeline names each event type. */
export const EVENT_LABEL: Record<MatchEventType, string> = {
  kickoff: "Kick-off",
  goal: "Goal",
  "own-goal": "Own goal",
  "penalty-goal": "Penalty scored",
  "penalty-miss": "Penalty missed",
  yellow: "Yellow card",
  "second-yellow": "Second yellow card",
  red: "Red card",
  sub: "Substitution",
  halftime: "Half-time",
  "second-half": "Second half",
  "extra-time": "Extra time",
  penalties: "Penalty shoot-out",
  fulltime: "Full time",
  comment: "Commentary",
};

export const PHASE_LABEL: Record<MatchPhase, string> = {
  fixture: "Upcoming",
  "first-half": "First half",
  "half-time": "Half-time",
  "second-half": "Second half",
  "extra-time": "Extra time",
  penalties: "Penalties",
  "full-time": "Full Time",
};

/**
 * A live match's crest, name, score and minute, and its 'Live' badge. The score is not a live
 * region (the announcer says goals once); with spoiler-free mode on and nothing revealed it is
 * the 'Reveal score' button instead.
 */
export function LiveScoreline({ match, live, teamName, onReveal }: { match: Match; live: LiveMatch; teamName?: string; onReveal?: () => void }) {
  const { home, away } = sides(match, teamName);
  return (
    <div className="scoreline scoreline--large live-scoreline">
      <div className="scoreline__side scoreline__side--home">
        <SideCrest side={home} size={96} />
        <SideName side={home} />
      </div>
      <div className="scoreline__centre">
        {live.score === null ? (
          <button type="button" className="reveal-score" onClick={onReveal} aria-label={`Reveal score: ${home.name} v ${away.name}`}>
            Reveal score
          </button>
        ) : (
          <span className="scoreline__score" data-testid="live-score">
            <span>{live.score.home}</span>
            <span className="scoreline__dash" aria-hidden="true">–</span>
            <span>{live.score.away}</span>
          </span>
        )}
      </div>
      <div className="scoreline__side scoreline__side--away">
        <SideCrest side={away} size={96} />
        <SideName side={away} />
      </div>
    </div>
  );
}

/**
 * The badge, the phase and the running minute. `clockAt` is when the page was rendered (the
 * loader's): the first render, on the server and in the hydrating browser, shows the minute of
 * that moment; then the browser's clock moves it on.
 */
export function LiveStatus({ live, clockAt = null }: { live: LiveMatch; clockAt?: number | null }) {
  const playing = isLive(live.phase);
  return (
    <>
      {playing ? <span className="live-badge">Live</span> : null}
      <span className={`match-hero__pill${live.phase === "full-time" ? " is-final" : ""}`}>{PHASE_LABEL[live.phase]}</span>
      {playing ? <LiveMinute live={live} clockAt={clockAt} /> : null}
    </>
  );
}

/**
 * The minute, ticking between the feed's events (src/domain/match-clock.ts). Its own state, so a
 * tick re-renders this span alone, once a minute; it is not a live region (ticks are not announced).
 */
function LiveMinute({ live, clockAt }: { live: LiveMatch; clockAt: number | null }) {
  const [now, setNow] = useState(clockAt);
  const clock = matchClock(live, now);
  const nextTickMs = clock?.nextTickMs ?? null;
  // After hydration, and whenever the state moves (a new phase starts its clock), the browser's time.
  useEffect(() => setNow(Date.now()), [live.seq]);
  // Then one update at each minute's turn, while the clock runs.
  useEffect(() => {
    if (nextTickMs === null) return;
    const timer = setTimeout(() => setNow(Date.now()), nextTickMs + 50);
    return () => clearTimeout(timer);
  }, [now, nextTickMs]);
  return clock ? <span className="live-minute">{clock.label}</span> : null;
}

function EventLine({ event, names, minute }: { event: MatchEvent; names: Record<MatchSide, string>; minute: string }) {
  const who = [event.player?.name, event.playerOff ? `off: ${event.playerOff.name}` : null].filter(Boolean).join(", ");
  const body = (
    <>
      <span className="live-event__minute">{minute}</span>
      <span className="live-event__what">
        <strong>{EVENT_LABEL[event.type]}</strong>
        {event.type === "comment" ? null : <span className="live-event__side">{` ${names[event.side]}`}</span>}
        {who ? <span className="live-event__who">{` ${who}`}</span> : null}
        {event.text ? <span className="live-event__text">{event.text}</span> : null}
      </span>
    </>
  );
  return (
    <li className={`live-event live-event--${event.type}${event.withdrawn ? " is-withdrawn" : ""}`}>
      {event.withdrawn ? (
        <>
          <del>{body}</del>
          <span className="live-event__note">Withdrawn</span>
        </>
      ) : (
        body
      )}
    </li>
  );
}

/** Key events and commentary, newest first. */
export function LiveTimeline({ live, match, teamName }: { live: LiveMatch; match: Match; teamName?: string }) {
  const { home, away } = sides(match, teamName);
  const names = { home: home.name, away: away.name };
  const newest = timelineOf(live);
  const minutes = eventMinuteLabels(live.events);
  const key = newest.filter((e) => e.type !== "comment");
  const commentary = newest.filter((e) => e.type === "comment");
  return (
    <div className="live-timeline">
      <h2 className="page-section__title">Key Events</h2>
      {key.length === 0 ? <p>Nothing yet.</p> : <ol className="live-events">{key.map((e) => <EventLine key={e.id} event={e} names={names} minute={minutes.get(e.id) ?? `${e.minute}'`} />)}</ol>}
      <h2 className="page-section__title">Commentary</h2>
      {commentary.length === 0 ? <p>Commentary starts shortly before kick-off.</p> : <ol className="live-events">{commentary.map((e) => <EventLine key={e.id} event={e} names={names} minute={minutes.get(e.id) ?? `${e.minute}'`} />)}</ol>}
    </div>
  );
}

export function LiveLineup({ lineup, teamName }: { lineup: Lineup; teamName: string }) {
  const item = (p: LivePlayer) => (
    <li key={p.id}>
      <span className="live-lineup__number">{p.number ?? "–"}</span> {p.name}
    </li>
  );
  return (
    <div className="match-aside__card live-lineup">
      <h2 className="match-aside__title">{`${teamName} Line-up`}</h2>
      <h3 className="live-lineup__heading">Starting eleven</h3>
      <ol className="live-lineup__list">{lineup.starting.map(item)}</ol>
      {lineup.subs.length > 0 ? (
        <>
          <h3 className="live-lineup__heading">Substitutes</h3>
          <ul className="live-lineup__list">{lineup.subs.map(item)}</ul>
        </>
      ) : null}
    </div>
  );
}
