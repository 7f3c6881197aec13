import "./console.css";
import "./console-accounts.css";
import "./console-content.css";
import "./console-fixtures.css";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Form, Link, useLoaderData, useRevalidator } from "react-router";
import type { fixturesLoader } from "./console.loader";
import { ConsoleFrame } from "../../components/console/ConsoleFrame";
import { ConfirmPanel, useConfirm } from "../../components/console/Confirm";
import { FormField } from "../../components/console/FormField";
import { FormFrame, useFormRefusal } from "../../components/console/FormFrame";
import { consoleField as field } from "../../domain/content-form";
import { ScrollTable } from "../../components/console/ScrollTable";
import { consoleWrite } from "../../components/console/console-write";
import { FixtureImport } from "./FixtureImport";
import { MatchPassCell, MatchPassForm } from "./MatchPassPanel";
import type { ContentField } from "../../schemas/console-content";
import type { ConsoleFixture } from "../../schemas/console-fixtures";
import { FIRST_TEAM_NAME } from "../../domain/fixture-rules";
import { formatInClubTime, utcToClubLocal } from "../../domain/date-format";
import { ConsoleStatus, type ConsoleMessage } from "../../components/console/ConsoleStatus";

type Data = Awaited<ReturnType<typeof fixturesLoader>>;

const teamName = (slug: string) => (slug === "" ? FIRST_TEAM_NAME : slug);
/** 'Sat 26 Apr 2025, 15:00' in London time. */
const when = (iso: string) => formatInClubTime(iso, "ddd D MMM YYYY, HH:mm");

/**
 * Fixtures and results (/admin/fixtures): a team's season, upcoming or past, 25 a page; a new
 * fixture, an edit, a reschedule (the old kick-off stays on the row), a postponement (asked first:
 * it takes the match off the site's lists and cancels it in calendars) and a result for a match
 * the live feed did not run; and a CSV import of a season's fixtures (FixtureImport.tsx).
 * Kick-offs are typed and shown in London time.
 */
export default function ConsoleFixtures() {
  const data = useLoaderData<typeof fixturesLoader>();
  const { revalidate } = useRevalidator();
  const [message, setMessage] = useState<ConsoleMessage>(null);
  const [editing, setEditing] = useState<ConsoleFixture | "new" | null>(null);
  const [selling, setSelling] = useState<ConsoleFixture | null>(null);
  // Commerce opens the list to sell match passes: the fixtures are read-only for them, the passes for the match operator.
  const canEdit = data.access.capabilities.includes("fixtures.manage");
  const canSell = data.access.capabilities.includes("commerce.manage");
  const changed = async (text: string, kind: "done" | "error" = "done") => {
    setMessage({ kind, text });
    if (kind === "done") await revalidate();
  };
  const { list } = data;
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const href = (page: number, w = data.when) => {
    const search = new URLSearchParams({ team: teamName(data.team), season: data.season, when: w });
    if (page > 0) search.set("page", String(page + 1));
    return `/admin/fixtures?${search}`;
  };

  return (
    <ConsoleFrame access={data.access} title="Fixtures and results">
      <section className="console__section" aria-labelledby="fixtures-heading">
        <h2 id="fixtures-heading" className="console__heading">
          Fixtures and results
        </h2>
        <Form method="get" action="/admin/fixtures" className="console-fixtures__filter">
          <label>
            Team{" "}
            <select name="team" defaultValue={teamName(data.team)} className="cfield__control">
              {data.options.teams.map((t) => (
                <option key={t.slug} value={teamName(t.slug)}>
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
          <input type="hidden" name="when" value={data.when} />
          <button type="submit" className="console__button">
            Show
          </button>
        </Form>
        <nav className="console-fixtures__when" aria-label="Upcoming or past">
          <Link to={href(0, "upcoming")} aria-current={data.when === "upcoming" ? "page" : undefined}>
            Upcoming
          </Link>
          <Link to={href(0, "past")} aria-current={data.when === "past" ? "page" : undefined}>
            Past
          </Link>
        </nav>
        <ConsoleStatus message={message} />
        {canEdit ? (
          <p>
            <button type="button" className="console__button console__button--primary" onClick={() => setEditing("new")}>
              New fixture
            </button>
          </p>
        ) : null}
        {editing ? (
          <FixtureForm
            data={data}
            fixture={editing === "new" ? null : editing}
            onCancel={() => setEditing(null)}
            onSaved={async (text) => {
              setEditing(null);
              await changed(text);
            }}
          />
        ) : null}
        {selling && data.passes[selling.id] ? (
          <MatchPassForm
            key={selling.id}
            fixture={selling}
            view={data.passes[selling.id]!}
            onCancel={() => setSelling(null)}
            onSaved={async (text) => {
              setSelling(null);
              await changed(text);
            }}
          />
        ) : null}
        <h3 className="console__subheading">
          {list.total === 0 ? "No matches" : `Matches ${list.page * list.pageSize + 1} to ${list.page * list.pageSize + list.fixtures.length} of ${list.total}`}
        </h3>
        {list.total === 0 ? (
          <p className="console__empty">
            No {data.when === "upcoming" ? "upcoming" : "past"} matches for this team in this season. Add one with New fixture, or import the season's fixtures from a
            CSV file below.
          </p>
        ) : null}
        {list.total > 0 ? (
          <ScrollTable labelledBy="console-fixtures-table">
            <table className="console__table console-fixtures__table" id="console-fixtures-table" aria-label="Matches">
              <thead>
                <tr>
                  <th scope="col">Kick-off (London)</th>
                  <th scope="col">Match</th>
                  <th scope="col">Status</th>
                  <th scope="col">Match pass</th>
                  {canEdit ? <th scope="col">Actions</th> : null}
                </tr>
              </thead>
              <tbody>
                {list.fixtures.map((f) => (
                  <FixtureRow
                    key={f.id}
                    fixture={f}
                    canEdit={canEdit}
                    onEdit={() => setEditing(f)}
                    onChanged={changed}
                    pass={<MatchPassCell fixture={f} view={data.passes[f.id]} canSell={canSell} onSell={() => setSelling(f)} onChanged={changed} />}
                  />
                ))}
              </tbody>
            </table>
          </ScrollTable>
        ) : null}
        {pages > 1 ? (
          <nav className="console__pages" aria-label="Fixture pages">
            {list.page > 0 ? <Link to={href(list.page - 1)}>Previous</Link> : null}
            <span>
              Page {list.page + 1} of {pages}
            </span>
            {list.page + 1 < pages ? <Link to={href(list.page + 1)}>Next</Link> : null}
          </nav>
        ) : null}
      </section>
      {canEdit ? <FixtureImport onImported={(text) => void changed(text)} /> : null}
    </ConsoleFrame>
  );
}

const matchTitle = (f: ConsoleFixture) => `${f.isHome ? "v" : "at"} ${f.opponent}`;

function statusText(f: ConsoleFixture): string {
  if (f.status === "postponed") return "Postponed";
  if (f.status === "result") return `Result ${f.homeGoals ?? "?"}–${f.awayGoals ?? "?"}${f.liveRun ? " (live feed)" : ""}`;
  return f.liveRun ? "Fixture (live feed)" : "Fixture";
}

type Panel = "reschedule" | "result" | "postpone";

function FixtureRow({ fixture: f, canEdit, pass, onEdit, onChanged }: {
  fixture: ConsoleFixture;
  canEdit: boolean;
  pass: ReactNode;
  onEdit: () => void;
  onChanged: (text: string, kind?: "done" | "error") => Promise<void>;
}) {
  const confirm = useConfirm<"postpone">();
  const [panel, setPanel] = useState<Panel | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const panelRef = useRef<HTMLFormElement>(null);
  const title = matchTitle(f);
  // The opened form takes the focus, so a keyboard or screen reader user lands in its first field.
  useEffect(() => {
    if (panel) panelRef.current?.querySelector<HTMLElement>("input")?.focus();
  }, [panel]);

  async function send(method: "POST" | "PUT", path: string, body: unknown, done: string) {
    setBusy(true);
    const result = await consoleWrite(method, `/fixtures/${f.id}${path}`, body);
    setBusy(false);
    confirm.done();
    if (result.ok) {
      setPanel(null);
      setErrors({});
      return onChanged(done);
    }
    setErrors(result.fields);
    return onChanged(result.detail, "error");
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (panel === "reschedule") void send("POST", "/reschedule", { kickoff: String(form.get("kickoff") ?? "") }, `Rescheduled ${title}.`);
    if (panel === "result") void send("PUT", "/result", { homeGoals: Number(form.get("homeGoals")), awayGoals: Number(form.get("awayGoals")) }, `Saved the result of ${title}.`);
  }

  const formId = `fixture-${f.id}-${panel ?? ""}`;
  return (
    <tr data-fixture={f.id}>
      <td>
        {when(f.kickoff)}
        {f.previousKickoff ? <span className="console-fixtures__moved">Moved from {when(f.previousKickoff)}</span> : null}
      </td>
      <th scope="row">
        {title}
        <span className="console-fixtures__meta">
          {f.competition} · {f.venue}
        </span>
      </th>
      <td>{statusText(f)}</td>
      <td>{pass}</td>
      {canEdit ? (
        <td>
          {confirm.asking ? (
            <ConfirmPanel confirm={confirm} title={`Postpone ${title}?`} yes="Yes, postpone" busy={busy} onYes={() => void send("POST", "/postpone", {}, `Postponed ${title}.`)}>
              The match shows as postponed on the site and is cancelled in subscribed calendars until you reschedule it.
            </ConfirmPanel>
          ) : panel === "reschedule" || panel === "result" ? (
            <form ref={panelRef} onSubmit={submit} className="content-form console-fixtures__panel" aria-label={panel === "reschedule" ? `Reschedule ${title}` : `Result of ${title}`} noValidate>
              {panel === "reschedule" ? (
                <FormField formId={formId} field={field("kickoff", "New kick-off (London time)", "datetime")} value={utcToClubLocal(f.kickoff)} error={errors.kickoff} />
              ) : (
                <>
                  <FormField formId={formId} field={field("homeGoals", `Home goals (${f.isHome ? "Rovers" : f.opponent})`, "number")} value={f.homeGoals === null ? "" : String(f.homeGoals)} error={errors.homeGoals} />
                  <FormField formId={formId} field={field("awayGoals", `Away goals (${f.isHome ? f.opponent : "Rovers"})`, "number")} value={f.awayGoals === null ? "" : String(f.awayGoals)} error={errors.awayGoals} />
                </>
              )}
              <div className="content-form__actions">
                <button type="submit" className="console__button console__button--primary" disabled={busy}>
                  {panel === "reschedule" ? "Save kick-off" : "Save result"}
                </button>
                <button type="button" className="console__button" onClick={() => setPanel(null)} disabled={busy}>
                  Cancel
                </button>
              </div>
            </form>
          ) : (
            <div className="console-fixtures__actions">
              <button type="button" className="console__button" onClick={onEdit} aria-label={`Edit ${title}`}>
                Edit
              </button>
              {f.status !== "result" ? (
                <button type="button" className="console__button" onClick={() => setPanel("reschedule")} aria-label={`Reschedule ${title}`}>
                  Reschedule
                </button>
              ) : null}
              {f.status === "fixture" && !f.liveRun ? (
                <button type="button" className="console__button" ref={confirm.button("postpone")} onClick={() => confirm.ask("postpone")} aria-label={`Postpone ${title}`}>
                  Postpone
                </button>
              ) : null}
              {!f.liveRun && f.status !== "postponed" ? (
                <button type="button" className="console__button" onClick={() => setPanel("result")} aria-label={`Enter the result of ${title}`}>
                  Result
                </button>
              ) : null}
            </div>
          )}
        </td>
      ) : null}
    </tr>
  );
}

const FORM_FIELDS = ["team", "season", "competition", "opponent", "homeAway", "venue", "kickoff", "ticketsUrl"] as const;

/** New fixture, or Edit: each refused field shows its problem beside it and keeps what was typed; the first takes the focus. */
function FixtureForm({ data, fixture, onSaved, onCancel }: { data: Data; fixture: ConsoleFixture | null; onSaved: (text: string) => Promise<void>; onCancel: () => void }) {
  const formId = fixture ? `fixture-edit-${fixture.id}` : "fixture-new";
  const f = useFormRefusal(formId);
  useEffect(() => {
    f.ref.current?.querySelector<HTMLElement>("select, input")?.focus();
  }, [formId]);

  const fields: ContentField[] = [
    field("team", "Team", "select", data.options.teams.map((t) => ({ value: teamName(t.slug), label: t.name }))),
    field("season", "Season", "select", data.options.seasons.map((s) => ({ value: s.slug, label: s.name }))),
    field("competition", "Competition", "select", data.options.competitions.map((c) => ({ value: c, label: c }))),
    field("opponent", "Opponent", "text"),
    field("homeAway", "Home or away", "select", [
      { value: "home", label: "Home" },
      { value: "away", label: "Away" },
    ]),
    field("venue", "Venue", "text"),
    field("kickoff", "Kick-off (London time)", "datetime"),
    field("ticketsUrl", "Tickets link", "text", [], false),
  ];
  const values: Record<string, string> = fixture
    ? {
        team: teamName(fixture.teamSlug),
        season: fixture.seasonSlug,
        competition: fixture.competition,
        opponent: fixture.opponent,
        homeAway: fixture.isHome ? "home" : "away",
        venue: fixture.venue,
        kickoff: utcToClubLocal(fixture.kickoff),
        ticketsUrl: fixture.ticketsUrl ?? "",
      }
    : { team: teamName(data.team), season: data.season, competition: data.options.competitions[0] ?? "", homeAway: "home" };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = Object.fromEntries(FORM_FIELDS.map((name) => [name, String(form.get(name) ?? "")]));
    f.setBusy(true);
    const result = fixture ? await consoleWrite("PUT", `/fixtures/${fixture.id}`, body) : await consoleWrite("POST", "/fixtures", body);
    f.setBusy(false);
    if (result.ok) return onSaved(fixture ? `Saved ${matchTitle(fixture)}.` : `Added the fixture against ${body.opponent?.trim()}.`);
    f.refused(result.fields, result.detail, FORM_FIELDS);
  }

  return (
    <FormFrame
      formRef={f.ref}
      dataForm={formId}
      titleId={`${formId}-title`}
      title={fixture ? `Edit ${matchTitle(fixture)}` : "New fixture"}
      problem={f.problem}
      busy={f.busy}
      submitLabel={fixture ? "Save fixture" : "Add fixture"}
      onSubmit={submit}
      onCancel={onCancel}
    >
      {fields.map((control) => (
        <FormField key={control.name} formId={formId} field={control} value={values[control.name] ?? ""} error={f.errors[control.name]} />
      ))}
    </FormFrame>
  );
}
