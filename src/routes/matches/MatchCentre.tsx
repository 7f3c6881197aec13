import "./match-centre.css";
import "./league-table.css";
import { Suspense, useRef, useState } from "react";
import { Link, useLoaderData } from "react-router";
import type { matchCentreLoader } from "./matches.loader";
import { club } from "../../config/club";
import { ticketsLink } from "../../domain/match-tickets";
import { DocumentTitle } from "../../components/DocumentTitle";
import { OutcomeBadge, Scoreline } from "../../components/match/MatchParts";
import { LiveScoreline, LiveStatus, LiveTimeline } from "../../components/match/LiveParts";
import { BothLineups, FormAndMeetings, MatchStats, MatchVideos } from "../../components/match/MatchExtras";
import { LeagueTable } from "../../components/match/LeagueTable";
import { useMatchLive } from "../../components/match/use-match-live";
import { useStreamSync } from "../../components/match/use-stream-sync";
import { StreamSyncToggle } from "../../components/match/StreamSyncToggle";
import { LazyMatchVideo } from "../../components/match/lazy-match-video";
import { GOAL_TYPES, shouldFollow } from "../../domain/match-live";
import { withoutLiveScore } from "../../domain/spoiler-free";
import { statsWithCards } from "../../domain/match-stats";
import { useViewerPreferences } from "../../app/viewer-preferences";
import type { LiveMatch, MatchEvent } from "../../schemas/match-live";
import { formatCount } from "../../components/format";
import ClubTime from "../../components/ClubTime";
import { clubTimeText } from "../../domain/date-format";
import { clubSideName, sides } from "../../components/match/match-outcome";
import { matchesPath, matchPath, sitePaths } from "../paths";
import { useSiteOrigin } from "../../app/site-origin";
import { JsonLd } from "../../components/JsonLd";
import { sportsEvent } from "../../structured-data/sports-event";
import { breadcrumbList } from "../../structured-data/breadcrumb-list";
import Button from "../../components/Button";

export default function MatchCentre() {
  const { team, season, match, live: rendered, clockAt, stream, opponentLineup, stats, results, videos } = useLoaderData<typeof matchCentreLoader>();
  const teamName = team.name;
  const origin = useSiteOrigin();
  const { home, away } = sides(match, teamName);
  const isResult = match.status === "result";
  const statusText = isResult ? "Full Time" : match.status === "postponed" ? "Postponed" : "Upcoming";

  // Spoiler-free: the server sent the state without score or goals, so the browser follows the
  // room from its whole state (no `since`) and shows it through the same filter until revealed.
  const { spoilerFree } = useViewerPreferences();
  const [revealed, setRevealed] = useState(false);
  const [fetched, setFetched] = useState<LiveMatch | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const hidden = spoilerFree && !revealed;
  const hiddenNow = useRef(hidden);
  hiddenNow.current = hidden;
  const announce = (event: MatchEvent, next: LiveMatch) => {
    if (!GOAL_TYPES.includes(event.type) || hiddenNow.current || !next.score) return;
    const scorer = event.player ? `${event.player.name}, ` : "";
    setAnnouncement(`Goal, ${scorer}${event.minute} minutes. ${home.name} ${next.score.home}, ${away.name} ${next.score.away}.`);
  };
  // Synced with the stream, a goal is said when the picture reaches it, not when the socket brings it.
  const syncing = useRef(false);
  const { state } = useMatchLive(match.id, spoilerFree ? null : rendered, shouldFollow(match, rendered, Date.now()), (event, next) => {
    if (!syncing.current) announce(event, next);
  });
  const sync = useStreamSync(stream ? stream.id : null, state ?? fetched ?? (spoilerFree ? null : rendered), announce);
  syncing.current = sync.behind !== null;
  const full = sync.view;
  const live = full ? (hidden ? withoutLiveScore(full) : full) : rendered;
  const playing = live !== null && live.phase !== "fixture";
  // What the operator saved since the page was rendered comes whole from the room (the raw state:
  // the stream-synced view is rebuilt from the timeline alone); cards are counted from the events.
  const pushed = (state ?? fetched)?.extras;
  const theirLineup = pushed ? pushed.opponentLineup : opponentLineup;
  const statRows = statsWithCards(pushed ? pushed.stats : stats, live?.events ?? []);
  const reveal = async () => {
    if (!full) {
      // The schema (zod) loads beside the call, never with the page.
      const [response, { liveMatchSchema }] = await Promise.all([
        fetch(`/api/matches/${match.id}/live`, { headers: { Accept: "application/json" } }),
        import("../../schemas/match-live"),
      ]);
      const parsed = liveMatchSchema.safeParse(response.ok ? await response.json() : null);
      if (!parsed.success) return;
      setFetched(parsed.data);
    }
    setRevealed(true);
  };
  // Once the match has started, what only makes sense before it (the preview, tickets) goes.
  const started = isResult || playing;
  const scoreText = playing && live.score ? `${live.score.home} - ${live.score.away}` : isResult && !match.scoreHidden ? `${home.goals} - ${away.goals}` : "vs";

  return (
    <div className="match-centre">
      <DocumentTitle page={playing && live.score ? `${home.name} ${scoreText} ${away.name}` : `${home.name} vs ${away.name}`} description={`${match.competition}: ${home.name} v ${away.name}, ${clubTimeText(match.kickoff, "longDate")}, kick-off ${clubTimeText(match.kickoff, "kickOff")} at ${match.venue}.`} />
      <JsonLd
        data={[
          sportsEvent(origin, match, teamName),
          breadcrumbList(origin, [
            { name: `${team.name} fixtures ${season.name}`, path: matchesPath(team.slug, season.slug) },
            { name: `${home.name} v ${away.name}`, path: matchPath(team.slug, season.slug, match.id) },
          ]),
        ]}
      />
      <header className="match-hero">
        <div className="match-hero__inner">
          <Link className="match-hero__back" to={matchesPath(team.slug, season.slug)}>
            <span aria-hidden="true">←</span> {team.name} fixtures {season.name}
          </Link>
          <p className="match-hero__competition">{match.competition}</p>
          <h1 className="visually-hidden">{`${home.name} ${scoreText} ${away.name}`}</h1>
          {playing ? <LiveScoreline match={match} live={live} teamName={teamName} onReveal={reveal} /> : <Scoreline match={match} teamName={teamName} size="large" />}
          <p className="match-hero__status">
            {playing ? (
              <LiveStatus live={live} clockAt={clockAt} />
            ) : (
              <>
                <span className={`match-hero__pill${isResult ? " is-final" : ""}`}>{statusText}</span>
                <OutcomeBadge match={match} />
              </>
            )}
          </p>
          {/* Goals only, said once each; the minute and the rest of the page are not announced. */}
          <p className="visually-hidden live-announcer" aria-live="polite">{announcement}</p>
          <ul className="match-hero__facts">
            <li>
              <span className="match-hero__fact-label">Date</span>
              <ClubTime iso={match.kickoff} format="matchDate" />
            </li>
            <li>
              <span className="match-hero__fact-label">Kick-off</span>
              <ClubTime iso={match.kickoff} format="kickOff" />
            </li>
            <li>
              <span className="match-hero__fact-label">Venue</span>
              {match.venue}
            </li>
            {match.attendance !== null ? (
              <li>
                <span className="match-hero__fact-label">Attendance</span>
                {formatCount(match.attendance)}
              </li>
            ) : null}
          </ul>
        </div>
      </header>

      {stream ? (
        <Suspense fallback={null}>
          <LazyMatchVideo key={stream.id} stream={stream} />
        </Suspense>
      ) : null}
      {stream && (playing || sync.on) ? <StreamSyncToggle sync={sync} /> : null}
      {live || theirLineup ? (
        <section className="page-section match-body live-body">
          {live ? <LiveTimeline live={live} match={match} teamName={teamName} /> : <div />}
          <BothLineups clubLineup={live?.lineup ?? null} opponentLineup={theirLineup} clubName={clubSideName(team.slug, teamName)} opponentName={match.opponent} clubIsHome={match.isHome} />
        </section>
      ) : null}
      {statRows.length > 0 ? (
        <section className="page-section match-body">
          <MatchStats stats={statRows} homeName={home.name} awayName={away.name} />
        </section>
      ) : null}
      <section className="page-section match-body">
        <article className="match-report">
          <h2 className="page-section__title">{started ? "Match Report" : "Match Preview"}</h2>
          {match.scoreHidden ? (
            <p>The result and the report are hidden while spoiler-free mode is on. Reveal the score above, or turn spoiler-free mode off in the menu.</p>
          ) : match.report ? (
            match.report.split(/\n{2,}/).map((paragraph, i) => <p key={i}>{paragraph}</p>)
          ) : started ? (
            <p>The full match report will be published shortly.</p>
          ) : (
            <p>
              {clubSideName(team.slug, teamName)} face {match.opponent} {match.isHome ? "at home" : "away"} at {match.venue} on <ClubTime iso={match.kickoff} format="longDate" />, kick-off <ClubTime iso={match.kickoff} format="kickOff" />.
              Team news and the preview will follow closer to the game.
            </p>
          )}
        </article>
        <aside className="match-aside">
          <div className="match-aside__card">
            <h2 className="match-aside__title">Match Details</h2>
            <dl className="fact-list">
              <div>
                <dt>Competition</dt>
                <dd>{match.competition}</dd>
              </div>
              <div>
                <dt>Season</dt>
                <dd>{season.name}</dd>
              </div>
              <div>
                <dt>Date</dt>
                <dd><ClubTime iso={match.kickoff} format="longDate" /></dd>
              </div>
              <div>
                <dt>Venue</dt>
                <dd>{match.venue}</dd>
              </div>
              {match.attendance !== null ? (
                <div>
                  <dt>Attendance</dt>
                  <dd>{formatCount(match.attendance)}</dd>
                </div>
              ) : null}
            </dl>
          </div>
          {!started && match.status === "fixture" ? (
            <div className="match-aside__card match-aside__card--accent">
              <h2 className="match-aside__title">Be there</h2>
              <p>Tickets for this match are on sale now.</p>
              <Button type="primary-light" href={ticketsLink(match)} newTab text="Buy Tickets" ariaLabel="Buy Tickets (opens in a new tab)" />
            </div>
          ) : (
            <div className="match-aside__card match-aside__card--accent">
              <h2 className="match-aside__title">{club.tvName}</h2>
              <p>Watch highlights, interviews and full match replays.</p>
              <Button type="primary-light" href={sitePaths.videos} text={`Watch on ${club.tvName}`} />
            </div>
          )}
        </aside>
      </section>
      <MatchVideos videos={videos} tvName={club.tvName} />
      {results ? (
        <section className="page-section match-body match-context">
          <FormAndMeetings form={results.form} headToHead={results.headToHead} teamSlug={team.slug} seasonSlug={season.slug} opponent={match.opponent} />
          {results.table ? <LeagueTable table={results.table} /> : null}
        </section>
      ) : (
        <section className="page-section match-body">
          <p>Form, earlier meetings and the league table are hidden while spoiler-free mode is on.</p>
        </section>
      )}
    </div>
  );
}
