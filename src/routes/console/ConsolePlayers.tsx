import "./console.css";
import "./console-accounts.css";
import "./console-content.css";
import "./console-fixtures.css";
import "./console-players.css";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, useLoaderData, useRevalidator } from "react-router";
import type { playersLoader } from "./console.loader";
import { ConsoleFrame } from "../../components/console/ConsoleFrame";
import { ConfirmPanel, useConfirm } from "../../components/console/Confirm";
import { FormField } from "../../components/console/FormField";
import { ScrollTable } from "../../components/console/ScrollTable";
import { consoleWrite } from "../../components/console/console-write";
import type { ConsolePlayer } from "../../schemas/console-players";
import { PlayerForm, teamValue } from "./PlayerForm";
import { consoleField as field } from "../../domain/content-form";
import { ConsoleStatus, type ConsoleMessage } from "../../components/console/ConsoleStatus";

type Changed = (text: string, kind?: "done" | "error") => Promise<void>;

const nameOf = (p: ConsolePlayer) => `${p.firstName} ${p.lastName}`;

/**
 * Squads and players (/admin/players): one team's squad today, by position and number, and apart
 * from it the players away on loan or gone (a release keeps the player for history). Add a
 * signing, Edit (a move to another team is an edit), Loan out, and Release (asked first).
 */
export default function ConsolePlayers() {
  const data = useLoaderData<typeof playersLoader>();
  const { revalidate } = useRevalidator();
  const [message, setMessage] = useState<ConsoleMessage>(null);
  const [editing, setEditing] = useState<ConsolePlayer | "new" | null>(null);
  const changed: Changed = async (text, kind = "done") => {
    setMessage({ kind, text });
    if (kind === "done") await revalidate();
  };
  const canPickPhoto = data.access.capabilities.includes("media.manage");
  const squad = data.players.filter((p) => p.inSquad);
  const away = data.players.filter((p) => !p.inSquad);
  const teamName = data.options.teams.find((t) => t.slug === data.team)?.name ?? "";

  return (
    <ConsoleFrame access={data.access} title="Squads and players">
      <section className="console__section" aria-labelledby="players-heading">
        <h2 id="players-heading" className="console__heading">
          Squads and players
        </h2>
        <Form method="get" action="/admin/players" className="console-fixtures__filter">
          <label>
            Team{" "}
            <select name="team" defaultValue={teamValue(data.team)} className="cfield__control">
              {data.options.teams.map((t) => (
                <option key={t.slug} value={teamValue(t.slug)}>
                  {t.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="console__button">
            Show
          </button>
        </Form>
        <ConsoleStatus message={message} />
        <p>
          <button type="button" className="console__button console__button--primary" onClick={() => setEditing("new")}>
            Add a signing
          </button>
        </p>
        {editing ? (
          <PlayerForm
            key={editing === "new" ? "new" : `${editing.id}-${editing.version}`}
            teams={data.options.teams}
            team={data.team}
            player={editing === "new" ? null : editing}
            canPickPhoto={canPickPhoto}
            onCancel={() => setEditing(null)}
            onSaved={async (text) => {
              setEditing(null);
              await changed(text);
            }}
          />
        ) : null}
        <PlayerTable id="squad" title={`${teamName}: the squad today (${squad.length})`} players={squad} empty="Nobody in this squad today. Add a signing to start it." onEdit={setEditing} onChanged={changed} />
        <PlayerTable id="away" title={`Away on loan or gone (${away.length})`} players={away} empty="Nobody is away on loan or has left this team." onEdit={setEditing} onChanged={changed} />
      </section>
    </ConsoleFrame>
  );
}

function PlayerTable({ id, title, players, empty, onEdit, onChanged }: { id: string; title: string; players: ConsolePlayer[]; empty: string; onEdit: (p: ConsolePlayer) => void; onChanged: Changed }) {
  const tableId = `console-players-${id}`;
  return (
    <>
      <h3 className="console__subheading" id={`${tableId}-title`}>
        {title}
      </h3>
      {players.length === 0 ? (
        <p className="console__empty">{empty}</p>
      ) : (
        <ScrollTable labelledBy={tableId}>
          <table className="console__table" id={tableId} aria-labelledby={`${tableId}-title`}>
            <thead>
              <tr>
                <th scope="col">No.</th>
                <th scope="col">Player</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {players.map((p) => (
                <PlayerRow key={p.id} player={p} onEdit={() => onEdit(p)} onChanged={onChanged} />
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
    </>
  );
}

function PlayerRow({ player: p, onEdit, onChanged }: { player: ConsolePlayer; onEdit: () => void; onChanged: Changed }) {
  const confirm = useConfirm<"release">();
  const [loaning, setLoaning] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const panelRef = useRef<HTMLFormElement>(null);
  const name = nameOf(p);
  // The opened form takes the focus, so a keyboard or screen reader user lands in its first field.
  useEffect(() => {
    if (loaning) panelRef.current?.querySelector<HTMLElement>("input")?.focus();
  }, [loaning]);

  async function send(path: string, body: unknown, done: string) {
    setBusy(true);
    const result = await consoleWrite("POST", `/players/${p.id}${path}`, body);
    setBusy(false);
    confirm.done();
    if (result.ok) {
      setLoaning(false);
      setErrors({});
      return onChanged(done);
    }
    setErrors(result.fields);
    return onChanged(result.detail, "error");
  }

  function submitLoan(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (key: string) => String(form.get(key) ?? "");
    void send("/loan-out", { club: value("club"), from: value("from"), until: value("until"), version: p.version }, `Loaned ${name} out to ${value("club").trim()}.`);
  }

  const formId = `player-${p.id}-loan`;
  return (
    <tr data-player={p.id}>
      <td>{p.squadNumber ?? "–"}</td>
      <th scope="row">
        {name}
        <span className="console-fixtures__meta">
          {p.position}
          {p.status ? ` · ${p.status}` : ""}
        </span>
      </th>
      <td>
        {confirm.asking ? (
          <ConfirmPanel confirm={confirm} title={`Release ${name}?`} yes="Yes, release" busy={busy} onYes={() => void send("/release", { version: p.version }, `Released ${name}.`)}>
            He leaves the squad today and his number is free. His page stays and says he left; past line-ups, match events and reports still name him.
          </ConfirmPanel>
        ) : loaning ? (
          <form ref={panelRef} onSubmit={submitLoan} className="content-form console-fixtures__panel" aria-label={`Loan out ${name}`} noValidate>
            <FormField formId={formId} field={field("club", "Club", "text")} value="" error={errors.club} />
            <FormField formId={formId} field={field("from", "From", "date")} value="" error={errors.from} />
            <FormField formId={formId} field={field("until", "Until", "date")} value="" error={errors.until} />
            <div className="content-form__actions">
              <button type="submit" className="console__button console__button--primary" disabled={busy}>
                Save loan
              </button>
              <button type="button" className="console__button" onClick={() => setLoaning(false)} disabled={busy}>
                Cancel
              </button>
            </div>
          </form>
        ) : (
          <div className="console-fixtures__actions">
            <button type="button" className="console__button" onClick={onEdit} aria-label={`Edit ${name}`}>
              Edit
            </button>
            {p.releasedOn === null ? (
              <>
                <button type="button" className="console__button" onClick={() => setLoaning(true)} aria-label={`Loan out ${name}`}>
                  Loan out
                </button>
                <button type="button" className="console__button" ref={confirm.button("release")} onClick={() => confirm.ask("release")} aria-label={`Release ${name}`}>
                  Release
                </button>
              </>
            ) : null}
          </div>
        )}
      </td>
    </tr>
  );
}
