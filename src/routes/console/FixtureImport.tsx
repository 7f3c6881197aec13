import { useState, type ChangeEvent } from "react";
import { FIXTURE_CSV_EXAMPLE, FIXTURE_CSV_HEADER, MAX_IMPORT_ROWS } from "../../domain/fixture-rules";
import { formatInClubTime } from "../../domain/date-format";
import { refusalOf } from "../../components/console/console-write";
import { ScrollTable } from "../../components/console/ScrollTable";
import type { ImportPreview } from "../../schemas/console-fixtures";

const EXAMPLE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(FIXTURE_CSV_EXAMPLE + "\n")}`;

type State =
  | { step: "choose" }
  | { step: "checking" }
  | { step: "preview"; csv: string; preview: ImportPreview }
  | { step: "importing"; csv: string; preview: ImportPreview }
  | { step: "done"; preview: ImportPreview };

/** POST /api/console/fixtures/import: the preview (confirm false) or the import; the answer parsed with its schema. */
async function send(csv: string, confirm: boolean): Promise<{ ok: true; preview: ImportPreview } | { ok: false; detail: string }> {
  let response: Response;
  try {
    response = await fetch("/api/console/fixtures/import", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ csv, confirm }),
    });
  } catch {
    return { ok: false, detail: "The console could not reach the site. Check the connection and try again." };
  }
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) return { ok: false, detail: (await refusalOf(response.status, answer)).detail };
  const [z, { importAnswerSchema }] = await Promise.all([import("zod/mini"), import("../../schemas/console-fixtures")]);
  const parsed = z.safeParse(importAnswerSchema, answer);
  return parsed.success ? { ok: true, preview: parsed.data.data.attributes as ImportPreview } : { ok: false, detail: "The site's answer could not be read." };
}

/**
 * The CSV import of a season's fixtures: choose a file, see every row and every problem (line,
 * column, what is wrong), and import only a file without any, in one go: the worker writes all of
 * it in one batch or nothing, and skips the rows already there (same team, kick-off and opponent).
 */
export function FixtureImport({ onImported }: { onImported: (text: string) => void }) {
  const [state, setState] = useState<State>({ step: "choose" });
  const [problem, setProblem] = useState<string | null>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setProblem(null);
    setState({ step: "checking" });
    const csv = await file.text();
    // Emptied, so choosing the same file again (fixed in place) checks it again.
    input.value = "";
    const result = await send(csv, false);
    if (!result.ok) {
      setProblem(result.detail);
      setState({ step: "choose" });
      return;
    }
    setState({ step: "preview", csv, preview: result.preview });
  }

  async function confirm() {
    if (state.step !== "preview") return;
    setState({ step: "importing", csv: state.csv, preview: state.preview });
    const result = await send(state.csv, true);
    if (!result.ok) {
      setProblem(result.detail);
      setState({ step: "preview", csv: state.csv, preview: state.preview });
      return;
    }
    setState({ step: "done", preview: result.preview });
    onImported(`Imported the file: ${result.preview.added ?? 0} fixtures added, ${result.preview.skipped ?? 0} already there.`);
  }

  const preview = state.step === "preview" || state.step === "importing" || state.step === "done" ? state.preview : null;
  const fresh = preview ? preview.rows.filter((r) => !r.exists).length : 0;
  return (
    <section className="console__section" aria-labelledby="fixture-import-heading">
      <h2 id="fixture-import-heading" className="console__heading">
        Import a season's fixtures
      </h2>
      <p className="console__note">
        A CSV file with this header row, then one fixture a line (at most {MAX_IMPORT_ROWS}): <code className="console-fixtures__header">{FIXTURE_CSV_HEADER.join(",")}</code>. The team is its
        short name in the site's addresses (<code>first-team</code>, <code>womens-first-team</code>…), the season as <code>2024-25</code>, the competition as listed,{" "}
        <code>home</code> or <code>away</code>, the kick-off in London time (<code>2025-04-26 15:00</code>); the tickets link may be empty. Nothing is written until the whole
        file is right; a fixture already there (same team, kick-off and opponent) is skipped. <a href={EXAMPLE_HREF} download="fixtures-example.csv">Download an example file</a>
      </p>
      <div className="cfield">
        <label htmlFor="fixture-import-file" className="cfield__label">
          CSV file
        </label>
        <input id="fixture-import-file" type="file" accept=".csv,text/csv" className="cfield__control" onChange={(e) => void choose(e)} disabled={state.step === "checking" || state.step === "importing"} />
      </div>
      <div role="status" aria-live="polite" className="console-fixtures__progress">
        {state.step === "checking" ? "Checking the file…" : null}
        {state.step === "importing" ? (
          <>
            <progress aria-label="Importing" /> Importing {preview?.rows.length} rows…
          </>
        ) : null}
        {state.step === "done" ? `Imported: ${state.preview.added ?? 0} fixtures added, ${state.preview.skipped ?? 0} already there.` : null}
        {preview && state.step === "preview" ? (preview.problems.length > 0 ? `${preview.problems.length === 1 ? "1 problem" : `${preview.problems.length} problems`}: nothing will be imported until the file is fixed.` : `${preview.rows.length} rows ready, ${fresh} new.`) : null}
      </div>
      {problem ? (
        <p className="content-form__problem" role="alert">
          {problem}
        </p>
      ) : null}
      {preview && preview.problems.length > 0 ? (
        <ScrollTable labelledBy="fixture-import-problems">
          <table className="console__table" id="fixture-import-problems" aria-label="Problems in the file">
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Column</th>
                <th scope="col">Problem</th>
              </tr>
            </thead>
            <tbody>
              {preview.problems.map((p) => (
                <tr key={`${p.row}-${p.field}`} data-problem-row={p.row}>
                  <td>{p.row}</td>
                  <td>{p.field}</td>
                  <td>{p.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      ) : null}
      {preview && preview.rows.length > 0 ? (
        <ScrollTable labelledBy="fixture-import-rows">
          <table className="console__table" id="fixture-import-rows" aria-label="Fixtures in the file">
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Match</th>
                <th scope="col">Kick-off (London)</th>
                <th scope="col">Import</th>
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((r) => (
                <tr key={r.row}>
                  <td>{r.row}</td>
                  <th scope="row">
                    {r.team} {r.isHome ? "v" : "at"} {r.opponent} <span className="console-fixtures__meta">{r.competition}</span>
                  </th>
                  <td>{formatInClubTime(r.kickoff, "ddd D MMM YYYY, HH:mm")}</td>
                  <td>{r.exists ? "Already there" : "New"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      ) : null}
      {preview && state.step !== "done" && preview.problems.length === 0 ? (
        <button type="button" className="console__button console__button--primary" onClick={() => void confirm()} disabled={state.step === "importing"}>
          {fresh === 1 ? "Import 1 fixture" : `Import ${fresh} fixtures`}
        </button>
      ) : null}
    </section>
  );
}
