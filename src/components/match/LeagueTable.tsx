import type { LeagueTable as Table } from "../../schemas/league-table";
import { deductionNote, type FormLetter } from "../../domain/standings";

const FORM_WORD: Record<FormLetter, string> = { W: "Won", D: "Drawn", L: "Lost" };

/** A club's last five as letters, each said in full to a screen reader. */
export function FormGuide({ form }: { form: readonly FormLetter[] }) {
  if (form.length === 0) return <span className="form-guide form-guide--none">–</span>;
  return (
    <span className="form-guide">
      {form.map((letter, i) => (
        <span key={i} className={`form-guide__pill form-guide__pill--${letter.toLowerCase()}`}>
          <span aria-hidden="true">{letter}</span>
          <span className="visually-hidden">{FORM_WORD[letter]}</span>
        </span>
      ))}
    </span>
  );
}

/**
 * The league table: position, played, won, drawn, lost, goals, goal difference, points and form,
 * the club's own row marked, each points deduction with its reason beneath. A narrow screen scrolls
 * the table sideways inside its own focusable region (the club's name stays readable).
 */
export function LeagueTable({ table, headingLevel = 2, id = "league-table" }: { table: Table; headingLevel?: 2 | 3; id?: string }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const headingId = `${id}-heading`;
  return (
    <div className="league-table" id={id} data-testid="league-table">
      <Heading className="page-section__title league-table__title" id={headingId}>
        {`${table.competition} ${table.season}`}
      </Heading>
      <div className="league-table__scroll" role="region" aria-labelledby={headingId} tabIndex={0}>
        <table className="league-table__table">
          <thead>
            <tr>
              <th scope="col"><abbr title="Position">Pos</abbr></th>
              <th scope="col" className="league-table__club">Club</th>
              <th scope="col"><abbr title="Played">P</abbr></th>
              <th scope="col"><abbr title="Won">W</abbr></th>
              <th scope="col"><abbr title="Drawn">D</abbr></th>
              <th scope="col"><abbr title="Lost">L</abbr></th>
              <th scope="col"><abbr title="Goals for">GF</abbr></th>
              <th scope="col"><abbr title="Goals against">GA</abbr></th>
              <th scope="col"><abbr title="Goal difference">GD</abbr></th>
              <th scope="col"><abbr title="Points">Pts</abbr></th>
              <th scope="col">Form</th>
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.club} className={row.club === table.club ? "is-club" : undefined} data-club={row.club}>
                <td>{row.position}</td>
                <th scope="row" className="league-table__club">
                  {row.club}
                  {row.deducted > 0 ? (
                    <>
                      <span className="league-table__mark" aria-hidden="true">*</span>
                      <span className="visually-hidden">{` (${row.deducted} points deducted)`}</span>
                    </>
                  ) : null}
                </th>
                <td>{row.played}</td>
                <td>{row.won}</td>
                <td>{row.drawn}</td>
                <td>{row.lost}</td>
                <td>{row.goalsFor}</td>
                <td>{row.goalsAgainst}</td>
                <td>{row.goalDifference > 0 ? `+${row.goalDifference}` : row.goalDifference}</td>
                <td className="league-table__points" data-testid="points">{row.points}</td>
                <td><FormGuide form={row.form} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {table.deductions.length > 0 ? (
        <ul className="league-table__notes" aria-label="Points deductions">
          {table.deductions.map((d) => (
            <li key={d.id}>* {deductionNote(d)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
