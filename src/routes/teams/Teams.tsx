import type { ReactNode } from "react";
import { Link, useLoaderData } from "react-router";
import type { teamsLoader } from "./teams.loader";
import type { Team } from "../../schemas/teams";
import { DocumentTitle } from "../../components/DocumentTitle";
import { PageHead } from "../../components/PageHead";
import { Picture } from "../../components/Picture";
import Button from "../../components/Button";
import { matchesPath, teamPath } from "../paths";
import { FamilyModeNotice } from "../../components/family/FamilyModeNotice";

/** `duplicate`: the picture's copy of the title link, left out of the tab order and the accessibility tree. */
function TeamLink({ team, className, children, duplicate = false }: { team: Team; className: string; children: ReactNode; duplicate?: boolean }) {
  const hidden = duplicate ? ({ "aria-hidden": true, tabIndex: -1 } as const) : {};
  if (team.externalTeamPage) {
    return (
      <a className={className} href={team.externalTeamPage} target="_blank" rel="noopener noreferrer" {...hidden}>
        {children}
      </a>
    );
  }
  return (
    <Link className={className} to={teamPath(team.slug)} {...hidden}>
      {children}
    </Link>
  );
}

export default function Teams() {
  // Family mode (on by default, spec §1) lists only the teams flagged child friendly; the notice
  // says so and offers all of them.
  const { teams: shown, familyHidden } = useLoaderData<typeof teamsLoader>();

  return (
    <div className="teams">
      <DocumentTitle page="Teams" />
      <PageHead title="Teams" eyebrow="Squads" lead="Squads, player profiles and fixtures for every Rovers side." />
      <section className="page-section">
        <FamilyModeNotice hidden={familyHidden} />
        <ul className="team-grid">
          {shown.map((team) => (
            <li key={team.id} className="team-card">
              <TeamLink team={team} className="team-card__media-link" duplicate>
                <div className="team-card__media">
                  <Picture imageKey={team.imageKey} w={960} h={540} alt="" />
                </div>
              </TeamLink>
              <div className="team-card__body">
                <span className="team-card__short">{team.shortName !== team.name ? team.shortName : "Squad"}</span>
                <h2 className="team-card__title">
                  <TeamLink team={team} className="team-card__title-link">
                    {team.name}
                  </TeamLink>
                </h2>
                <div className="team-card__actions">
                  <Button type="primary-dark" small inline href={team.externalTeamPage ?? teamPath(team.slug)} newTab={Boolean(team.externalTeamPage)} text="View Squad" />
                  {team.showOnMatches ? (
                    <Button type="ghost-dark" small inline href={team.externalMatchPage ?? matchesPath(team.slug)} newTab={Boolean(team.externalMatchPage)} text="Fixtures" />
                  ) : null}
                </div>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
