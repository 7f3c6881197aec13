import { Link } from "react-router";
import type { Lineup } from "../../schemas/match-live";
import type { LineupName, MatchExtras } from "../../schemas/league-table";
import type { Video } from "../../schemas/videos";
import { outcomeOf } from "../../domain/standings";
import { FormGuide } from "./LeagueTable";
import { VideoCard } from "../video/VideoCard";
import { useVideoLock } from "../video/use-video-lock";
import ClubTime from "../ClubTime";
import { matchPath } from "../../routes/paths";

/**
 * The match centre's parts around the timeline (src/routes/matches/MatchCentre.tsx): both
 * line-ups, the statistics, form and earlier meetings, and the match's own Rovers TV videos.
 * Each part draws nothing when nothing was recorded.
 */

type Named = LineupName & { key: string | number };

function Side({ title, starting, subs }: { title: string; starting: Named[]; subs: Named[] }) {
  const item = (p: Named) => (
    <li key={p.key}>
      <span className="live-lineup__number">{p.number ?? "–"}</span> {p.name}
    </li>
  );
  return (
    <div className="lineups__side">
      <h3 className="lineups__team">{title}</h3>
      <h4 className="live-lineup__heading">Starting eleven</h4>
      <ol className="live-lineup__list">{starting.map(item)}</ol>
      {subs.length > 0 ? (
        <>
          <h4 className="live-lineup__heading">Substitutes</h4>
          <ul className="live-lineup__list">{subs.map(item)}</ul>
        </>
      ) : null}
    </div>
  );
}

/** Both line-ups, home first; the club's from its squad (the live feed's), the opponent's by name. */
export function BothLineups({ clubLineup, opponentLineup, clubName, opponentName, clubIsHome }: {
  clubLineup: Lineup | null;
  opponentLineup: MatchExtras["opponentLineup"];
  clubName: string;
  opponentName: string;
  clubIsHome: boolean;
}) {
  if (!clubLineup && !opponentLineup) return null;
  const ours = clubLineup ? <Side key="club" title={clubName} starting={clubLineup.starting.map((p) => ({ ...p, key: p.id }))} subs={clubLineup.subs.map((p) => ({ ...p, key: p.id }))} /> : null;
  const keyed = (list: LineupName[]) => list.map((p, i) => ({ ...p, key: i }));
  const theirs = opponentLineup ? <Side key="opponent" title={opponentName} starting={keyed(opponentLineup.starting)} subs={keyed(opponentLineup.subs)} /> : null;
  return (
    <section className="match-aside__card lineups" aria-labelledby="lineups-heading" data-testid="lineups">
      <h2 className="match-aside__title" id="lineups-heading">Line-ups</h2>
      <div className="lineups__sides">{clubIsHome ? [ours, theirs] : [theirs, ours]}</div>
    </section>
  );
}

export function MatchStats({ stats, homeName, awayName }: { stats: MatchExtras["stats"]; homeName: string; awayName: string }) {
  if (stats.length === 0) return null;
  return (
    <section className="match-aside__card match-stats" aria-labelledby="match-stats-heading">
      <h2 className="match-aside__title" id="match-stats-heading">Match stats</h2>
      <table className="match-stats__table">
        <thead>
          <tr>
            <th scope="col">{homeName}</th>
            <th scope="col"><span className="visually-hidden">Statistic</span></th>
            <th scope="col">{awayName}</th>
          </tr>
        </thead>
        <tbody>
          {stats.map((s) => (
            <tr key={s.label}>
              <td>{s.home}</td>
              <th scope="row">{s.label}</th>
              <td>{s.away}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Form before this match and the meetings with this opponent, from the club's side. */
export function FormAndMeetings({ form, headToHead, teamSlug, seasonSlug, opponent }: {
  form: MatchExtras["form"];
  headToHead: MatchExtras["headToHead"];
  teamSlug: string;
  seasonSlug: string;
  opponent: string;
}) {
  const score = (r: { goalsFor: number; goalsAgainst: number; isHome: boolean }) => (r.isHome ? `${r.goalsFor}–${r.goalsAgainst}` : `${r.goalsAgainst}–${r.goalsFor}`);
  return (
    <section className="match-aside__card form-meetings" aria-labelledby="form-heading">
      <h2 className="match-aside__title" id="form-heading">Form</h2>
      {form.length === 0 ? (
        <p>No earlier results this season.</p>
      ) : (
        <>
          <FormGuide form={form.map((r) => outcomeOf(r.goalsFor, r.goalsAgainst))} />
          <ol className="form-meetings__list">
            {form.map((r) => (
              <li key={r.id}>
                <Link to={matchPath(teamSlug, seasonSlug, r.id)}>{`${r.isHome ? "v" : "at"} ${r.opponent} ${score(r)}`}</Link>
              </li>
            ))}
          </ol>
        </>
      )}
      <h2 className="match-aside__title" id="h2h-heading">{`Head-to-head v ${opponent}`}</h2>
      {headToHead.meetings.length === 0 ? (
        <p>The first meeting between the sides.</p>
      ) : (
        <>
          <p className="form-meetings__tally">{`Won ${headToHead.won}, drawn ${headToHead.drawn}, lost ${headToHead.lost}`}</p>
          <ol className="form-meetings__list" aria-labelledby="h2h-heading">
            {headToHead.meetings.map((r) => (
              <li key={r.id}>
                <ClubTime iso={r.kickoff} format="date" /> {`${r.isHome ? "home" : "away"}, ${r.competition}: ${score(r)}`}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/** The match's own Rovers TV videos (highlights, replay, interviews), each with the viewer's padlock. */
export function MatchVideos({ videos, tvName }: { videos: Video[]; tvName: string }) {
  const locked = useVideoLock();
  if (videos.length === 0) return null;
  return (
    <section className="page-section match-videos" aria-labelledby="match-videos-heading">
      <h2 className="page-section__title" id="match-videos-heading">{`On ${tvName}`}</h2>
      <div className="match-videos__grid">
        {videos.map((v) => (
          <VideoCard key={v.entryId} video={v} locked={locked(v.entitlements)} />
        ))}
      </div>
    </section>
  );
}
