import "./console.css";
import "./console-match-desk.css";
import { Link, useLoaderData } from "react-router";
import type { deskMatchesLoader } from "./console.loader";
import { ConsoleFrame } from "../../components/console/ConsoleFrame";
import { utcMinute } from "../../components/console/console-time";

const STATE_LABELS = { fixture: "Fixture", live: "In play", result: "Played today" } as const;

/**
 * Match day: each team's matches a match operator may run from the stand (those in play, today's,
 * the next ones), each opening the operator's screen.
 */
export default function ConsoleMatches() {
  const { teams, access } = useLoaderData<typeof deskMatchesLoader>();
  return (
    <ConsoleFrame access={access} title="Match day">
      <section className="console__section" aria-labelledby="desk-heading">
        <h2 id="desk-heading" className="console__heading">
          Match day
        </h2>
        <p className="console__note">Open a match to post its line-up and events from your phone. Times are UTC.</p>
        {teams.length === 0 ? <p className="console__empty">No matches to operate.</p> : null}
        {teams.map((team) => (
          <div key={team.team}>
            <h3 className="console__subheading">{team.team}</h3>
            <ul className="desk-list">
              {team.matches.map((m) => (
                <li key={m.id} className="desk-list__item" data-match={m.id}>
                  <Link className="desk-list__link" to={`/admin/matches/${m.id}/live`}>
                    <span className="desk-list__title">
                      {m.isHome ? `${team.team} v ${m.opponent}` : `${m.opponent} v ${team.team}`}
                    </span>
                    <span className="desk-list__meta">
                      {utcMinute(m.kickoff)} · {m.competition} · <span className={`desk-list__state desk-list__state--${m.state}`}>{STATE_LABELS[m.state]}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
    </ConsoleFrame>
  );
}
