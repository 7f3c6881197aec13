import type { ReactNode } from "react";
import type { Match } from "../../schemas/teams";
import { ticketsLink } from "../../domain/match-tickets";
import { matchPath } from "../../routes/paths";
import { ClubCrest, OpponentCrest } from "./Crest";
import ClubTime from "../ClubTime";
import { matchOutcome, outcomeLabel, sides, type Side } from "./match-outcome";
import Button from "../Button";
import { RevealScore } from "../spoiler/RevealScore";

export function SideCrest({ side, size }: { side: { name: string; isClub: boolean }; size: number }) {
  return side.isClub ? <ClubCrest size={size} /> : <OpponentCrest name={side.name} size={size} />;
}

export function SideName({ side }: { side: Side }) {
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

/**
 * Crest, name, score (or kick-off time), name, crest. `centre` replaces what the match row says
 * between the names (the home page's takeover puts the live score there).
 */
export function Scoreline({ match, teamName, size = "regular", centre }: { match: Match; teamName?: string; size?: "regular" | "large"; centre?: ReactNode }) {
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
        {centre !== undefined ? (
          centre
        ) : match.scoreHidden ? (
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
            <ClubTime iso={match.kickoff} format="kickOff" />
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
        <ClubTime iso={match.kickoff} format="matchDate" />
        <span aria-hidden="true"> · </span>
        {match.venue}
      </p>
      <div className="match-panel__actions">
        {kind === "next" ? (
          <>
            <Button type="primary-light" href={ticketsLink(match)} newTab text="Buy Tickets" ariaLabel="Buy Tickets (opens in a new tab)" icon="ticket" />
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
        <ClubTime className="fixture-row__date" iso={match.kickoff} format="matchDate" />
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
          <Button type="primary-dark" small inline href={ticketsLink(match)} newTab text="Tickets" ariaLabel="Buy Tickets (opens in a new tab)" />
        ) : null}
      </div>
    </li>
  );
}
