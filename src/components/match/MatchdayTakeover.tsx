import { useEffect, useState, type ReactNode } from "react";
import type { Match } from "../../schemas/teams";
import type { LiveMatch } from "../../schemas/match-live";
import type { MatchdayStream } from "../../schemas/matchday";
import { club } from "../../config/club";
import { livePath, matchPath } from "../../routes/paths";
import { isLive } from "../../domain/match-live";
import { countdownText, takeoverActions, type TakeoverStage } from "../../domain/matchday-takeover";
import { withoutLiveScore } from "../../domain/spoiler-free";
import { useViewerPreferences } from "../../app/viewer-preferences";
import { useVideoLock } from "../video/use-video-lock";
import ClubTime from "../ClubTime";
import { sides } from "./match-outcome";
import { Scoreline } from "./MatchParts";
import { LiveStatus } from "./LiveParts";
import { useMatchLive } from "./use-match-live";
import Button from "../Button";

/** What the home page's loader chose (src/routes/home/home.loader.ts). */
export interface TakeoverData {
  match: Match;
  stage: TakeoverStage;
  streams: MatchdayStream[];
}

/** The stage the live state shows, once the room has sent it. */
const stageOfLive = (live: LiveMatch): TakeoverStage => (isLive(live.phase) ? "live" : live.phase === "full-time" ? "after" : "before");

/** The clock after hydration (null on the server and in the first client render, so both draw the same HTML). */
function useClock(tickMs: number, running: boolean): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs, running]);
  return now;
}

function Score({ home, away }: { home: number; away: number }) {
  return (
    <span className="scoreline__score" data-testid="takeover-score">
      <span>{home}</span>
      <span className="scoreline__dash" aria-hidden="true">–</span>
      <span>{away}</span>
    </span>
  );
}

/**
 * The match-day takeover of the home page, in place of the news hero: both
 * sides, then a countdown to kick-off, the live score and minute, or the result; and the calls to
 * action of that stage.
 *
 * The page cache may have kept this HTML for a minute, so it carries only what cannot go stale
 * inside a stage (a kick-off, full time or a reset retires the cache): the live part (score,
 * minute, phase) is never in it, but comes from the match's room over the same socket as the
 * match centre (use-match-live: whole state first, then each change by seq, jittered reconnects,
 * polling while the socket is down). Spoiler-free mode shows no score until 'Reveal score'.
 */
export default function MatchdayTakeover({ takeover }: { takeover: TakeoverData }) {
  const { match, streams } = takeover;
  const { home, away } = sides(match);
  const { spoilerFree } = useViewerPreferences();
  const [revealed, setRevealed] = useState(false);
  const isLocked = useVideoLock();
  // A finished match's result is in the HTML; before and during the match the room is followed.
  const { state: full } = useMatchLive(match.id, null, takeover.stage !== "after");
  const stage = full ? stageOfLive(full) : takeover.stage;
  const live = full && spoilerFree && !revealed ? withoutLiveScore(full) : full;
  const now = useClock(15_000, stage === "before");
  const label = `${home.name} v ${away.name}`;
  const centrePath = matchPath(match.teamSlug, match.seasonSlug, match.id);

  // Before kick-off and after a result the match row says it all (kick-off time; score or, for a
  // spoiler-free supporter, 'Reveal score'); once the room has spoken, its state does.
  let centre: ReactNode = undefined;
  if (live && live.phase !== "fixture") {
    centre = live.score ? (
      <Score home={live.score.home} away={live.score.away} />
    ) : (
      <button type="button" className="reveal-score" onClick={() => setRevealed(true)} aria-label={`Reveal score: ${label}`}>
        Reveal score
      </button>
    );
  } else if (stage === "live") {
    // The room's state has not arrived yet: the score's place is kept, so nothing moves.
    centre = (
      <span className="scoreline__score takeover__pending" aria-hidden="true">
        <span>–</span>
      </span>
    );
  }

  const stream = (mediaType: MatchdayStream["mediaType"]) => streams.find((s) => s.mediaType === mediaType)!;
  const streamButton = (mediaType: MatchdayStream["mediaType"], text: string, icon: "audio" | "video") => {
    const asset = stream(mediaType);
    const locked = isLocked(asset.entitlements);
    // A locked stream still leads to its player, which shows the locked text and the upgrade.
    return (
      <Button
        key={mediaType}
        type="ghost-light"
        inline
        href={livePath(mediaType, asset.id)}
        text={text}
        icon={locked ? "padlock" : icon}
        ariaLabel={locked ? `${text} (locked)` : undefined}
      />
    );
  };

  return (
    <section className="match-hero takeover" aria-labelledby="takeover-title" data-stage={stage}>
      <div className="match-hero__inner">
        <p className="takeover__eyebrow">{stage === "after" ? "Match Day · Result" : "Match Day"}</p>
        <p className="match-hero__competition">{match.competition}</p>
        <h1 className="visually-hidden" id="takeover-title">{label}</h1>
        <Scoreline match={match} size="large" centre={centre} />
        <p className="match-hero__status">
          {stage === "before" ? (
            <span className="takeover__countdown">{now === null ? <>Kick-off <ClubTime iso={match.kickoff} format="kickOff" /></> : countdownText(match.kickoff, now)}</span>
          ) : live && live.phase !== "fixture" ? (
            <LiveStatus live={live} />
          ) : stage === "live" ? (
            <span className="live-badge">Live</span>
          ) : (
            <span className="match-hero__pill is-final">Full Time</span>
          )}
        </p>
        <p className="takeover__meta">
          <ClubTime iso={match.kickoff} format="longDate" />
          <span aria-hidden="true"> · </span>
          {match.venue}
        </p>
        <div className="takeover__actions">
          {takeoverActions(stage, streams).map((action) => {
            switch (action) {
              case "tickets":
                return <Button key={action} type="primary-light" inline href={club.links.buyTickets} newTab text="Buy Tickets" ariaLabel="Buy Tickets (opens in a new tab)" icon="ticket" />;
              case "listen":
                return streamButton("audio", "Listen Live", "audio");
              case "watch":
                return streamButton("video", "Watch Live", "video");
              case "centre":
                return <Button key={action} type={stage === "before" ? "ghost-light" : "primary-light"} inline href={centrePath} text="Match Centre" />;
            }
          })}
        </div>
      </div>
    </section>
  );
}
