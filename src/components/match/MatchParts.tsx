import type { Match } from "../../schemas/teams";
import { club } from "../../config/club";
import { matchPath } from "../../routes/paths";
import { ClubCrest, OpponentCrest } from "./Crest";
import { formatKickoff, formatMatchDate } from "../format";
import { matchOutcome, outcomeLabel, sides, type Side } from "./match-outcome";
import Button from "../Button";
import { RevealScore } from "../spoiler/RevealScore";
import type { Lineup, LiveMatch, LivePlayer, MatchEvent, MatchEventType, MatchPhase, MatchSide } from "../../schemas/match-live";
import { isLive, timelineOf } from "../../domain/match-live";

function SideCrest({ side, size }: { side: { name: string; isClub: boolean }; size: number }) {
  return side.isClub ? <ClubCrest size={size} /> : <OpponentCrest name={side.name} size={size} />;
}

function SideName({ side }: { side: Side }) {
  const cls = `scoreline__name${side.isClub ? " is-club" : ""}`;
  if (side.shortName === side.name) return <span className={cls}>{side.name}</span>;
  return (
    <span className={cls}>
      <span className="scoreline__full">{side.name}</span>
      <span className="scoreline__short" aria-hidden="true">{side.shortName}</span>
    </span>
  );
}

export function OutcomeBadge({ match }: { match: Match }) {
  const outcome = matchOutcome(match);
  if (!outcome) return null;
  return (
    <span className={`match-outcome match-outcome--${outcome}`} title={outcomeLabel[outcome]}>
      <span aria-hidden="true">{outcome}</span>
      <span className="visually-hidden">{outcomeLabel[outcome]}</span>
    </span>
  );
}

/** Crest, name, score (or kick-off time), name, crest. */
export function Scoreline({ match, teamName, size = "regular" }: { match: Match; teamName?: string; size?: "regular" | "large" }) {
  const { home, away } = sides(match, teamName);
  const crest = size === "large" ? 96 : 56;
  const scored = match.status === "result" && home.goals !== null && away.goals !== null;
  return (
    <div className={`scoreline scoreline--${size}`}>
      <div className="scoreline__side scoreline__side--home">
        <SideCrest side={home} size={crest} />
        <SideName side={home} />
      </div>
      <div className="scoreline__centre">
        {match.scoreHidden ? (
          <RevealScore match={match} label={`${home.name} v ${away.name}`} />
        ) : scored ? (
          <span className="scoreline__score">
            <span>{home.goals}</span>
            <span className="scoreline__dash" aria-hidden="true">–</span>
            <span>{away.goals}</span>
          </span>
        ) : match.status === "postponed" ? (
          <span className="scoreline__status">P–P</span>
        ) : (
          <span className="scoreline__time">
            <time dateTime={match.kickoff}>{formatKickoff(match.kickoff)}</time>
          </span>
        )}
      </div>
      <div className="scoreline__side scoreline__side--away">
        <SideCrest side={away} size={crest} />
        <SideName side={away} />
      </div>
    </div>
  );
}

/** Home page card for the next match or the last result. */
export function MatchPanel({ match, kind, teamName }: { match: Match; kind: "next" | "last"; teamName?: string }) {
  return (
    <article className={`match-panel match-panel--${kind}`}>
      <header className="match-panel__head">
        <span className="match-panel__label">{kind === "next" ? "Next Match" : "Last Result"}</span>
        <span className="match-panel__competition">{match.competition}</span>
      </header>
      <Scoreline match={match} teamName={teamName} />
      <p className="match-panel__meta">
        <time dateTime={match.kickoff}>{formatMatchDate(match.kickoff)}</time>
        <span aria-hidden="true"> · </span>
        {match.venue}
      </p>
      <div className="match-panel__actions">
        {kind === "next" ? (
          <>
            <Button type="primary-light" href={club.links.buyTickets} newTab text="Buy Tickets" ariaLabel="Buy Tickets (opens in a new tab)" icon="ticket" />
            <Button type="ghost-light" href={matchPath(match.teamSlug, match.seasonSlug, match.id)} text="Match Preview" />
          </>
        ) : (
          <Button type="ghost-light" href={matchPath(match.teamSlug, match.seasonSlug, match.id)} text="Match Report" />
        )}
      </div>
    </article>
  );
}

/** One line of the fixtures and results lists. */
export function FixtureRow({ match, teamName }: { match: Match; teamName?: string }) {
  const isResult = match.status === "result";
  return (
    <li className={`fixture-row${isResult ? " fixture-row--result" : ""}`}>
      <div className="fixture-row__when">
        <time className="fixture-row__date" dateTime={match.kickoff}>{formatMatchDate(match.kickoff)}</time>
        <span className={`fixture-row__venue-tag fixture-row__venue-tag--${match.isHome ? "home" : "away"}`}>
          {match.status === "postponed" ? "Postponed" : match.isHome ? "Home" : "Away"}
        </span>
      </div>
      <div className="fixture-row__match">
        <p className="fixture-row__competition">{match.competition}</p>
        <Scoreline match={match} teamName={teamName} />
        <p className="fixture-row__venue">{match.venue}</p>
      </div>
      <div className="fixture-row__actions">
        {isResult ? <OutcomeBadge match={match} /> : null}
        <Button type="ghost-dark" small inline href={matchPath(match.teamSlug, match.seasonSlug, match.id)} text={isResult ? "Match Centre" : "Preview"} />
        {!isResult && match.status === "fixture" && match.isHome ? (
          <Button type="primary-dark" small inline href={club.links.buyTickets} newTab text="Tickets" ariaLabel="Buy Tickets (opens in a new tab)" />
        ) : null}
      </div>
    </li>
  );
}

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

export function LiveStatus({ live }: { live: LiveMatch }) {
  const playing = isLive(live.phase);
  return (
    <>
      {playing ? <span className="live-badge">Live</span> : null}
      <span className={`match-hero__pill${live.phase === "full-time" ? " is-final" : ""}`}>{PHASE_LABEL[live.phase]}</span>
      {playing && live.minute !== null ? <span className="live-minute">{`${live.minute}'`}</span> : null}
    </>
  );
}

function EventLine({ event, names }: { event: MatchEvent; names: Record<MatchSide, string> }) {
  const who = [event.player?.name, event.playerOff ? `off: ${event.playerOff.name}` : null].filter(Boolean).join(", ");
  const body = (
    <>
      <span className="live-event__minute">{`${event.minute}'`}</span>
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
  const key = newest.filter((e) => e.type !== "comment");
  const commentary = newest.filter((e) => e.type === "comment");
  return (
    <div className="live-timeline">
      <h2 className="page-section__title">Key Events</h2>
      {key.length === 0 ? <p>Nothing yet.</p> : <ol className="live-events">{key.map((e) => <EventLine key={e.id} event={e} names={names} />)}</ol>}
      <h2 className="page-section__title">Commentary</h2>
      {commentary.length === 0 ? <p>Commentary starts shortly before kick-off.</p> : <ol className="live-events">{commentary.map((e) => <EventLine key={e.id} event={e} names={names} />)}</ol>}
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
