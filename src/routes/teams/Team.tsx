import { Link, useLoaderData } from "react-router";
import type { squadLoader } from "./teams.loader";
import type { Player } from "../../schemas/teams";
import { DocumentTitle } from "../../components/DocumentTitle";
import { PageHead } from "../../components/PageHead";
import { PlayerCard } from "../../components/team/PlayerCard";
import { matchesPath, teamPath, sitePaths } from "../paths";
import { useSiteOrigin } from "../../app/site-origin";
import { JsonLd } from "../../components/JsonLd";
import { breadcrumbList } from "../../structured-data/breadcrumb-list";

const POSITIONS: Player["position"][] = ["Goalkeeper", "Defender", "Midfielder", "Forward"];
const GROUP_TITLES: Record<Player["position"], string> = {
  Goalkeeper: "Goalkeepers",
  Defender: "Defenders",
  Midfielder: "Midfielders",
  Forward: "Forwards",
};

function bySquadNumber(a: Player, b: Player): number {
  return (a.squadNumber ?? 999) - (b.squadNumber ?? 999) || a.lastName.localeCompare(b.lastName);
}

/** Squad of one team, grouped by position unless the team is a single group (Team.isSingleGroup). */
export default function Team() {
  const { team, players } = useLoaderData<typeof squadLoader>();
  const groups = team.isSingleGroup
    ? [{ title: "Squad", players: [...players].sort(bySquadNumber) }]
    : POSITIONS.map((position) => ({
        title: GROUP_TITLES[position],
        players: players.filter((p) => p.position === position).sort(bySquadNumber),
      })).filter((g) => g.players.length > 0);
  // On a single-group squad the card itself must say where a player plays.
  const showPosition = team.displayPositionOnCard || team.isSingleGroup;

  return (
    <div className="team">
      <DocumentTitle page={team.name} />
      <JsonLd data={breadcrumbList(useSiteOrigin(), [{ name: "Teams", path: "/teams" }, { name: team.name, path: teamPath(team.slug) }])} />
      <PageHead title={team.name} eyebrow="Teams" imageKey={team.imageKey} size="large">
        <nav className="page-pills" aria-label={`${team.name} sections`}>
          <a className="page-pill is-active" href="#squad" aria-current="true">Squad</a>
          {team.showOnMatches ? (
            team.externalMatchPage ? (
              <a className="page-pill" href={team.externalMatchPage} target="_blank" rel="noopener noreferrer">Fixtures &amp; Results</a>
            ) : (
              <Link className="page-pill" to={matchesPath(team.slug)}>Fixtures &amp; Results</Link>
            )
          ) : null}
          <Link className="page-pill" to={sitePaths.teams}>All Teams</Link>
        </nav>
      </PageHead>

      {team.showTeamOverview ? (
        <section className="team-overview" aria-label="Squad overview">
          <dl className="stat-strip">
            <div>
              <dt>Players</dt>
              <dd>{players.length}</dd>
            </div>
            {POSITIONS.map((position) => (
              <div key={position}>
                <dt>{GROUP_TITLES[position]}</dt>
                <dd>{players.filter((p) => p.position === position).length}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}

      <section className="page-section" id="squad">
        {groups.length === 0 ? (
          <div className="empty-state">
            <h2 className="empty-state__title">Squad to be announced</h2>
            <p>The squad for this season will appear here soon.</p>
          </div>
        ) : (
          groups.map((group) => (
            <div className="squad-group" key={group.title}>
              <h2 className="squad-group__title">{group.title}</h2>
              <ul className={`player-grid${team.isMiniCard ? " player-grid--mini" : ""}`}>
                {group.players.map((player) => (
                  <PlayerCard key={player.id} player={player} showPosition={showPosition} mini={team.isMiniCard} />
                ))}
              </ul>
            </div>
          ))
        )}
      </section>
    </div>
  );
}
