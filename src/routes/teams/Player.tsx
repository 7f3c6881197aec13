import { Link, useLoaderData } from "react-router";
import type { playersPathLoader } from "./teams.loader";
import { DocumentTitle } from "../../components/DocumentTitle";
import { Picture } from "../../components/Picture";
import { formatCount } from "../../components/format";
import ClubTime from "../../components/ClubTime";
import { playerPath, teamPath } from "../paths";
import { useSiteOrigin } from "../../app/site-origin";
import { JsonLd } from "../../components/JsonLd";
import { breadcrumbList } from "../../structured-data/breadcrumb-list";

export default function Player() {
  const data = useLoaderData<typeof playersPathLoader>();
  // /players/* also answers squads; the route switch shows this page for players only.
  if (data.kind !== "player") return null;
  const { team, player, season } = data;
  const fullName = `${player.firstName} ${player.lastName}`;
  return (
    <div className="player">
      <DocumentTitle page={fullName} description={player.bio} imageKey={player.imageKey} />
      <JsonLd
        data={breadcrumbList(useSiteOrigin(), [
          { name: "Teams", path: "/teams" },
          { name: team.name, path: teamPath(team.slug) },
          { name: fullName, path: playerPath(team.slug, player.slug) },
        ])}
      />
      <header className="player-hero">
        <div className="player-hero__inner">
          <div className="player-hero__text">
            <Link className="player-hero__team" to={teamPath(team.slug)}>
              <span aria-hidden="true">←</span> {team.name}
            </Link>
            {player.squadNumber !== null ? <span className="player-hero__number" aria-hidden="true">{player.squadNumber}</span> : null}
            <h1 className="player-hero__name">
              <span className="player-hero__first">{player.firstName}</span>
              <span className="player-hero__last">{player.lastName}</span>
            </h1>
            <p className="player-hero__position">
              {player.position}
              {player.squadNumber !== null ? <span> · No. {player.squadNumber}</span> : null}
            </p>
            {player.status ? <p className="player-hero__status" data-player-status="">{player.status}</p> : null}
          </div>
          <div className="player-hero__media">
            <Picture imageKey={player.imageKey} w={640} h={800} alt={fullName} loading="eager" fetchPriority="high" />
          </div>
        </div>
      </header>

      <section className="player-stats" aria-label="At the club">
        <dl className="stat-strip stat-strip--large stat-strip--three">
          <div>
            <dt>Appearances</dt>
            <dd>{formatCount(player.appearances)}</dd>
          </div>
          <div>
            <dt>Goals</dt>
            <dd>{formatCount(player.goals)}</dd>
          </div>
          <div>
            <dt>Squad Number</dt>
            <dd>{player.squadNumber ?? "–"}</dd>
          </div>
        </dl>
      </section>

      {season ? (
        <section className="page-section player-season" aria-labelledby="player-season-title">
          <h2 className="page-section__title" id="player-season-title">
            {`Season ${season.name}`}
          </h2>
          <dl className="stat-strip">
            <div>
              <dt>Appearances</dt>
              <dd>{formatCount(season.appearances)}</dd>
            </div>
            <div>
              <dt>Goals</dt>
              <dd>{formatCount(season.goals)}</dd>
            </div>
            <div>
              <dt>Yellow cards</dt>
              <dd>{formatCount(season.yellowCards)}</dd>
            </div>
            <div>
              <dt>Red cards</dt>
              <dd>{formatCount(season.redCards)}</dd>
            </div>
            <div>
              <dt>Minutes</dt>
              <dd>{formatCount(season.minutes)}</dd>
            </div>
          </dl>
        </section>
      ) : null}

      <section className="page-section player-body">
        <div className="player-body__bio">
          <h2 className="page-section__title">Biography</h2>
          {player.bio.split(/\n{2,}/).map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
        </div>
        <aside className="player-body__facts">
          <h2 className="player-facts__title">Player Info</h2>
          <dl className="fact-list">
            <div>
              <dt>Position</dt>
              <dd>{player.position}</dd>
            </div>
            <div>
              <dt>Nationality</dt>
              <dd>{player.nationality}</dd>
            </div>
            <div>
              <dt>Date of birth</dt>
              <dd><ClubTime iso={player.dateOfBirth} format="longDate" /></dd>
            </div>
            <div>
              <dt>Joined</dt>
              <dd><ClubTime iso={player.joined} format="longDate" /></dd>
            </div>
            <div>
              <dt>Team</dt>
              <dd>{team.name}</dd>
            </div>
          </dl>
        </aside>
      </section>
    </div>
  );
}
