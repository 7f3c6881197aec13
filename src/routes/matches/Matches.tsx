import "./league-table.css";
import { Segmented } from "../../components/Segmented";
import { LeagueTable } from "../../components/match/LeagueTable";
import { useState } from "react";
import { Link, useLoaderData } from "react-router";
import type { fixturesLoader } from "./matches.loader";
import type { Match } from "../../schemas/teams";
import { DocumentTitle } from "../../components/DocumentTitle";
import { PageHead } from "../../components/PageHead";
import { SectionSponsor } from "../../components/sponsors/SectionSponsor";
import { FixtureRow } from "../../components/match/MatchParts";
import { clubTimeText, monthKey } from "../../domain/date-format";
import { teamTabs } from "../../components/team/team-tabs";
import { matchesPath } from "../paths";
import { useSiteOrigin } from "../../app/site-origin";
import { JsonLd } from "../../components/JsonLd";
import { sportsEvent } from "../../structured-data/sports-event";
import { breadcrumbList } from "../../structured-data/breadcrumb-list";
import { PRESEASON_MESSAGE } from "../../domain/preseason";
import { CalendarLinks } from "../../components/match/CalendarLinks";
import { teamTabsShown } from "../../domain/child-friendly";
import { FamilyModeNotice } from "../../components/family/FamilyModeNotice";

/** SportsEvents in the fixtures page's structured data: the next (or latest) ones, not the whole season. */
const STRUCTURED_EVENTS = 20;

type View = "fixtures" | "results" | "table";

function groupByMonth(matches: Match[]): { key: string; title: string; matches: Match[] }[] {
  const groups: { key: string; title: string; matches: Match[] }[] = [];
  for (const match of matches) {
    const key = monthKey(match.kickoff);
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.matches.push(match);
    else groups.push({ key, title: clubTimeText(match.kickoff, "month"), matches: [match] });
  }
  return groups;
}

export default function Matches() {
  const { team, season, seasons, matches, preseason, calendar, listedTeams, familyHidden, table } = useLoaderData<typeof fixturesLoader>();
  const fixtures = matches.filter((m) => m.status !== "result").sort((a, b) => a.kickoff.localeCompare(b.kickoff));
  const results = matches.filter((m) => m.status === "result").sort((a, b) => b.kickoff.localeCompare(a.kickoff));
  // Preseason (spec §4): the loader leaves the season's fixtures out and the notice takes their place.
  // The opening view is derived from data only, so the server and the browser agree; a choice the
  // visitor made is kept only while the same team and season are shown.
  const dataKey = `${team.slug}/${season.slug}`;
  const [choice, setChoice] = useState<{ key: string; view: View } | null>(null);
  const view: View = choice?.key === dataKey ? choice.view : fixtures.length > 0 || preseason ? "fixtures" : "results";
  const setView = (next: View) => setChoice({ key: dataKey, view: next });
  const shown = view === "fixtures" ? fixtures : view === "results" ? results : [];
  const teamName = team.name;
  const origin = useSiteOrigin();
  const sortedSeasons = [...seasons].sort((a, b) => b.year - a.year);

  return (
    <div className="matches">
      <DocumentTitle page={`${team.name} Fixtures & Results ${season.name}`} />
      <JsonLd data={[...(fixtures.length > 0 ? fixtures : results).slice(0, STRUCTURED_EVENTS).map((m) => sportsEvent(origin, m, teamName)), breadcrumbList(origin, [{ name: `${team.name} fixtures ${season.name}`, path: matchesPath(team.slug, season.slug) }])]} />
      <PageHead title="Matches" eyebrow={`${team.name} · ${season.name}`}>
        <nav className="team-tabs" aria-label="Teams">
          {teamTabsShown(teamTabs, listedTeams, team.slug).map((tab) => (
            <Link
              key={tab.slug}
              className={`team-tabs__tab${tab.slug === team.slug ? " is-active" : ""}`}
              to={matchesPath(tab.slug)}
              aria-current={tab.slug === team.slug ? "page" : undefined}
            >
              {tab.label}
            </Link>
          ))}
        </nav>
        <FamilyModeNotice hidden={familyHidden} />
      </PageHead>
      <SectionSponsor section="matches" />

      <div className="matches-bar">
        <div className="matches-bar__inner">
          <Segmented
            kind="tabs"
            label="Fixtures or results"
            options={[
              { id: "fixtures", label: <>Fixtures <span className="page-segmented__count">{fixtures.length}</span></> },
              { id: "results", label: <>Results <span className="page-segmented__count">{results.length}</span></> },
              // The league table, computed from the results (spoiler-free mode has none: points are results).
              ...(table ? [{ id: "table" as const, label: "Table" }] : []),
            ]}
            selected={view}
            onSelect={setView}
          />
          <details className="season-picker" key={dataKey}>
            <summary className="season-picker__current">
              <span className="season-picker__label">Season</span> {season.name}
            </summary>
            <ul className="season-picker__list">
              {sortedSeasons.map((s) => (
                <li key={s.slug}>
                  <Link className={s.slug === season.slug ? "is-active" : undefined} to={matchesPath(team.slug, s.slug)} aria-current={s.slug === season.slug ? "page" : undefined}>
                    {s.name}
                  </Link>
                </li>
              ))}
            </ul>
          </details>
          <CalendarLinks links={calendar} teamName={team.name} />
        </div>
      </div>

      <section className="page-section page-section--tinted matches-list" aria-live="polite">
        {view === "fixtures" && preseason ? (
          <div className="preseason">
            <p className="preseason__eyebrow">{season.name}</p>
            <h2 className="preseason__title">{PRESEASON_MESSAGE}</h2>
            <p className="preseason__text">The new season&rsquo;s fixtures will be published here as soon as they are confirmed.</p>
          </div>
        ) : null}
        {view === "table" && table ? <LeagueTable table={table} /> : null}
        {view !== "table" && shown.length === 0 && !(view === "fixtures" && preseason) ? (
          <div className="empty-state">
            <h2 className="empty-state__title">{view === "fixtures" ? "No fixtures" : "No results yet"}</h2>
            <p>{view === "fixtures" ? `There are no upcoming fixtures for ${team.name} in ${season.name}.` : `No results have been recorded for ${team.name} in ${season.name}.`}</p>
          </div>
        ) : null}
        {groupByMonth(shown).map((group) => (
          <div className="month-group" key={group.key}>
            <h2 className="month-group__title">{group.title}</h2>
            <ol className="fixture-list">
              {group.matches.map((match) => (
                <FixtureRow key={match.id} match={match} teamName={teamName} />
              ))}
            </ol>
          </div>
        ))}
      </section>
    </div>
  );
}
