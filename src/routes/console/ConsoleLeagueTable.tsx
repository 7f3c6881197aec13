import "./console.css";
import "./console-content.css";
import "./console-accounts.css";
import "./console-fixtures.css";
import "./console-redirects.css";
import "../matches/league-table.css";
import { useState, type FormEvent } from "react";
import { Form, useLoaderData, useRevalidator } from "react-router";
import type { leagueTableLoader } from "./console.loader";
import { ConsoleFrame } from "../../components/console/ConsoleFrame";
import { ConsoleTable } from "../../components/console/ConsoleTable";
import { FormField } from "../../components/console/FormField";
import { FormFrame, useFormRefusal } from "../../components/console/FormFrame";
import { ConfirmPanel, useConfirm } from "../../components/console/Confirm";
import { consoleWrite } from "../../components/console/console-write";
import { LeagueTable } from "../../components/match/LeagueTable";
import { contentField } from "../../domain/content-form";
import { deductionNote } from "../../domain/standings";
import { ConsoleStatus, type ConsoleMessage } from "../../components/console/ConsoleStatus";

type Data = Awaited<ReturnType<typeof leagueTableLoader>>;
type Result = Data["results"][number];
type Deduction = NonNullable<Data["table"]>["deductions"][number];
type Say = (kind: "done" | "error", text: string) => void;

/** A number field's text as the API takes it: empty is no number (the field's own error), not 0. */
const numberOf = (value: FormDataEntryValue | null) => (value === null || String(value).trim() === "" ? null : Number(value));

/**
 * The console's League table: the table as the site shows it, then what staff keep for it besides
 * the club's own results (those are Fixtures and results): the other clubs' results in the
 * competition, entered and corrected here, and points deductions with their reason (removing one
 * asks first). A refusal shows beside its field and keeps what was typed.
 */
export default function ConsoleLeagueTable() {
  const data = useLoaderData<typeof leagueTableLoader>();
  const { revalidate } = useRevalidator();
  const [message, setMessage] = useState<ConsoleMessage>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const others = data.clubs.slice(1);
  const say: Say = (kind, text) => {
    setMessage({ kind, text });
    if (kind === "done") {
      setEditing(null);
      void revalidate();
    }
  };

  return (
    <ConsoleFrame access={data.access} title="League table">
      <section className="console__section" aria-labelledby="table-heading">
        <h2 id="table-heading" className="console__heading">
          League table
        </h2>
        <p className="content-form__hint">The table is worked out from results whenever a page shows it: the club&rsquo;s own results come from Fixtures and results (or the live feed at full time), the other clubs&rsquo; from here.</p>
        <Form method="get" action="/admin/table" className="console-fixtures__filter">
          <label>
            Team{" "}
            <select name="team" defaultValue={data.team} className="cfield__control">
              {data.options.teams.map((t) => (
                <option key={t.slug} value={t.slug === "" ? "first-team" : t.slug}>
                  {t.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            Season{" "}
            <select name="season" defaultValue={data.season} className="cfield__control">
              {data.options.seasons.map((s) => (
                <option key={s.slug} value={s.slug}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="console__button">
            Show
          </button>
        </Form>
        <ConsoleStatus message={message} />
        {data.table ? (
          <>
            <LeagueTable table={data.table} headingLevel={3} />
            <h3 className="console__subheading" id="deductions-heading">Points deductions</h3>
            {data.table.deductions.length === 0 ? <p>No points deducted this season.</p> : (
              <ul className="console-table__deductions" aria-labelledby="deductions-heading">
                {data.table.deductions.map((d) => (
                  <li key={d.id}>
                    <DeductionRow deduction={d} say={say} />
                  </li>
                ))}
              </ul>
            )}
            <DeductionForm team={data.team} season={data.season} clubs={data.clubs} say={say} />
            <ResultForm key={`add-${data.team}-${data.season}`} formId="add-result" team={data.team} season={data.season} clubs={others} say={say} />
            <h3 className="console__subheading" id="results-heading">{`Other clubs' results (${data.results.length})`}</h3>
            <ConsoleTable
              labelledBy="results-heading"
              columns={["Date", "Result", "Changes"]}
              rows={data.results}
              emptyRow="No other results entered yet."
              row={(r) => (
                <tr key={r.id} data-result={r.id}>
                  <td>{r.playedOn}</td>
                  <th scope="row">{`${r.home} ${r.homeGoals}–${r.awayGoals} ${r.away}`}</th>
                  <td>
                    {editing === r.id ? (
                      <ResultForm formId={`edit-${r.id}`} team={data.team} season={data.season} clubs={others} result={r} say={say} onCancel={() => setEditing(null)} />
                    ) : (
                      <ResultActions result={r} onEdit={() => setEditing(r.id)} say={say} />
                    )}
                  </td>
                </tr>
              )}
            />
          </>
        ) : (
          <p>This team plays no league in the season chosen: there is no table to keep.</p>
        )}
      </section>
    </ConsoleFrame>
  );
}

function DeductionForm({ team, season, clubs, say }: { team: string; season: string; clubs: string[]; say: Say }) {
  const formId = "add-deduction";
  const fields = [
    contentField("club", "Club", "select", { required: true, options: clubs.map((c) => ({ value: c, label: c })) }),
    contentField("points", "Points deducted", "number", { required: true }),
    contentField("reason", "Reason (shown under the table)", "text", { required: true }),
  ];
  const f = useFormRefusal(formId);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body = { team, season, club: String(data.get("club") ?? ""), points: numberOf(data.get("points")), reason: String(data.get("reason") ?? "") };
    f.setBusy(true);
    const result = await consoleWrite("POST", "/table/deductions", body);
    f.setBusy(false);
    if (!result.ok) return f.refused(result.fields, result.detail, ["club", "points", "reason"]);
    f.clear();
    form.reset();
    say("done", `Deducted ${body.points} points from ${body.club}.`);
  }
  return (
    <FormFrame formRef={f.ref} dataForm={formId} titleId={`${formId}-title`} title="Deduct points" problem={f.problem} busy={f.busy} submitLabel="Deduct points" onSubmit={submit}>
      {fields.map((field) => (
        <FormField key={field.name} formId={formId} field={field} value={field.name === "club" ? (clubs[0] ?? "") : ""} error={f.errors[field.name]} />
      ))}
    </FormFrame>
  );
}

function DeductionRow({ deduction, say }: { deduction: Deduction; say: Say }) {
  const confirm = useConfirm<"remove">();
  const [busy, setBusy] = useState(false);
  async function remove() {
    setBusy(true);
    const result = await consoleWrite("DELETE", `/table/deductions/${deduction.id}`);
    setBusy(false);
    confirm.done();
    if (result.ok) say("done", `Removed the deduction of ${deduction.points} points from ${deduction.club}.`);
    else say("error", result.detail);
  }
  if (confirm.asking) {
    return (
      <ConfirmPanel confirm={confirm} title={`Remove the deduction of ${deduction.points} points from ${deduction.club}?`} yes="Yes, remove" busy={busy} onYes={() => void remove()}>
        The club gets the points back in the table from the next page view.
      </ConfirmPanel>
    );
  }
  return (
    <>
      {deductionNote(deduction)}{" "}
      <button type="button" className="console__button" ref={confirm.button("remove")} onClick={() => confirm.ask("remove")} aria-label={`Remove the deduction from ${deduction.club}`}>
        Remove
      </button>
    </>
  );
}

const RESULT_FIELDS = ["home", "away", "homeGoals", "awayGoals", "playedOn"] as const;

function ResultForm({ formId, team, season, clubs, result, say, onCancel }: { formId: string; team: string; season: string; clubs: string[]; result?: Result; say: Say; onCancel?: () => void }) {
  const options = clubs.map((c) => ({ value: c, label: c }));
  const fields = [
    contentField("home", "Home club", "select", { required: true, options }),
    contentField("away", "Away club", "select", { required: true, options }),
    contentField("homeGoals", "Home goals", "number", { required: true }),
    contentField("awayGoals", "Away goals", "number", { required: true }),
    contentField("playedOn", "Played on", "date", { required: true }),
  ];
  const values: Record<string, string> = result
    ? { home: result.home, away: result.away, homeGoals: String(result.homeGoals), awayGoals: String(result.awayGoals), playedOn: result.playedOn }
    : { home: clubs[0] ?? "", away: clubs[1] ?? "", homeGoals: "", awayGoals: "", playedOn: "" };
  const f = useFormRefusal(formId);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? "");
    const body = { team, season, home: text("home"), away: text("away"), homeGoals: numberOf(data.get("homeGoals")), awayGoals: numberOf(data.get("awayGoals")), playedOn: text("playedOn") };
    f.setBusy(true);
    const answer = result ? await consoleWrite("PUT", `/table/results/${result.id}`, body) : await consoleWrite("POST", "/table/results", body);
    f.setBusy(false);
    if (!answer.ok) return f.refused(answer.fields, answer.detail, RESULT_FIELDS);
    f.clear();
    if (!result) form.reset();
    say("done", `${result ? "Saved" : "Added"} ${body.home} ${body.homeGoals}–${body.awayGoals} ${body.away}.`);
  }
  return (
    <FormFrame
      formRef={f.ref}
      dataForm={formId}
      titleId={`${formId}-title`}
      title={result ? `Correct ${result.home} v ${result.away}` : "Enter another result"}
      problem={f.problem}
      busy={f.busy}
      submitLabel={result ? "Save result" : "Add result"}
      onSubmit={submit}
      onCancel={onCancel}
    >
      {fields.map((field) => (
        <FormField key={field.name} formId={formId} field={field} value={values[field.name] ?? ""} error={f.errors[field.name]} />
      ))}
    </FormFrame>
  );
}

function ResultActions({ result, onEdit, say }: { result: Result; onEdit: () => void; say: Say }) {
  const confirm = useConfirm<"delete">();
  const [busy, setBusy] = useState(false);
  const name = `${result.home} v ${result.away}`;
  async function remove() {
    setBusy(true);
    const answer = await consoleWrite("DELETE", `/table/results/${result.id}`);
    setBusy(false);
    confirm.done();
    if (answer.ok) say("done", `Deleted ${name}.`);
    else say("error", answer.detail);
  }
  if (confirm.asking) {
    return (
      <ConfirmPanel confirm={confirm} title={`Delete ${name}?`} yes="Yes, delete" busy={busy} onYes={() => void remove()}>
        The table no longer counts it from the next page view.
      </ConfirmPanel>
    );
  }
  return (
    <div className="console-redirects__actions">
      <button type="button" className="console__button" onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </button>
      <button type="button" className="console__button" ref={confirm.button("delete")} onClick={() => confirm.ask("delete")} aria-label={`Delete ${name}`}>
        Delete
      </button>
    </div>
  );
}
