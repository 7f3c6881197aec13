import { useId, useState } from "react";
import { consoleWriteAnswer } from "../../components/console/console-write";
import { ConfirmPanel, useConfirm } from "../../components/console/Confirm";
import {
  compactRows,
  MAX_OPPONENT_SUBS,
  MAX_STARTERS,
  opponentLineupProblems,
  parsePastedLineup,
  rowsOf,
  type LineupRole,
  type OpponentLineupInput,
  type RowText,
} from "../../domain/opponent-lineup";
import type { ConsoleMessage } from "../../components/console/ConsoleStatus";

type Rows = Record<LineupRole, RowText[]>;
const ROLE_NAME: Record<LineupRole, { title: string; one: string }> = { starting: { title: "Starting eleven", one: "Starter" }, subs: { title: "Substitutes", one: "Substitute" } };

/** A new line-up starts with eleven empty rows to type into; blank rows are left out when saving. */
const startingRows = (saved: OpponentLineupInput | null): Rows =>
  saved ? rowsOf(saved) : { starting: Array.from({ length: MAX_STARTERS }, () => ({ name: "", number: "" })), subs: [] };

/**
 * The opponent's line-up on the operator's screen: their players are in no squad of ours, so each
 * row is a shirt number and a name, typed or pasted from a team sheet (parsePastedLineup). Checked
 * as the server checks it (opponentLineupProblems), each problem beside its row; saved whole with
 * the version it was opened at (409 LINEUP_CHANGED when another operator saved first). Saving an
 * empty line-up over a saved one takes it off the match centre, so it asks first.
 */
export function OpponentLineupEditor({ matchID, opponent, saved, version: openedAt }: { matchID: number; opponent: string; saved: OpponentLineupInput | null; version: number }) {
  const [rows, setRows] = useState<Rows>(() => startingRows(saved));
  const [version, setVersion] = useState(openedAt);
  const [hasSaved, setHasSaved] = useState(saved !== null);
  // Open at first while nothing is saved; after that only the operator opens or closes it.
  const [openAtFirst] = useState(saved === null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [note, setNote] = useState<ConsoleMessage>(null);
  const [busy, setBusy] = useState(false);
  const [paste, setPaste] = useState("");
  const confirm = useConfirm<"clear" | "paste">();
  const id = useId();
  const { lineup, at } = compactRows(rows);

  /** Problems by saved index (the check's and the server's) → by screen row. */
  const onScreen = (byIndex: Record<string, string>) => {
    const mapped: Record<string, string> = {};
    for (const [field, detail] of Object.entries(byIndex)) {
      const [role, index, part] = field.split(".");
      if ((role === "starting" || role === "subs") && index !== undefined && part !== undefined) mapped[`${role}.${at[role][Number(index)] ?? index}.${part}`] = detail;
      else mapped[field] = detail;
    }
    return mapped;
  };

  function edit(role: LineupRole, index: number, part: keyof RowText, value: string) {
    setRows({ ...rows, [role]: rows[role].map((r, i) => (i === index ? { ...r, [part]: value } : r)) });
  }

  async function save() {
    confirm.done();
    const found = opponentLineupProblems(lineup);
    setProblems(onScreen(Object.fromEntries(found.map((p) => [p.field, p.detail]))));
    if (found.length > 0) return setNote({ kind: "error", text: "Some rows need a change." });
    setBusy(true);
    const result = await consoleWriteAnswer("PUT", `/matches/${matchID}/opponent-lineup`, { version, ...lineup });
    setBusy(false);
    if (!result.ok) {
      setProblems(onScreen(result.fields));
      return setNote({ kind: "error", text: result.detail });
    }
    const answer = (result.answer as { data?: { attributes?: { version?: unknown } } } | null)?.data?.attributes;
    if (typeof answer?.version === "number") setVersion(answer.version);
    setHasSaved(lineup.starting.length + lineup.subs.length > 0);
    setNote({ kind: "done", text: lineup.starting.length + lineup.subs.length > 0 ? "Opponent line-up saved: the match centre shows it." : "Opponent line-up taken off the match centre." });
  }

  function applyPaste() {
    confirm.done();
    const pasted = parsePastedLineup(paste);
    setRows({ starting: pasted.starting, subs: pasted.subs });
    setProblems({});
    setNote({ kind: "done", text: `${pasted.starting.length} starters and ${pasted.subs.length} substitutes filled in from the list: check them, then save.` });
  }

  const typedAny = rows.starting.some((r) => r.name || r.number) || rows.subs.some((r) => r.name || r.number);
  const empty = lineup.starting.length + lineup.subs.length === 0;
  return (
    <details className="desk-lineup desk-opponent" open={openAtFirst}>
      <summary className="desk-lineup__summary">
        {opponent} line-up: {lineup.starting.length}/{MAX_STARTERS} starting, {lineup.subs.length}/{MAX_OPPONENT_SUBS} on the bench
      </summary>
      <p className="console__note">Shirt number and name for each player, as on their team sheet. Empty rows are left out.</p>
      {(["starting", "subs"] as const).map((role) => (
        <fieldset key={role} className="desk-opponent__list" aria-describedby={`${id}-${role}-error`}>
          <legend>{ROLE_NAME[role].title}</legend>
          <span id={`${id}-${role}-error`} className="desk-error">
            {problems[role] ?? ""}
          </span>
          <ol className="desk-opponent__rows">
            {rows[role].map((row, i) => {
              const who = `${ROLE_NAME[role].one} ${i + 1}`;
              const numberProblem = problems[`${role}.${i}.number`] ?? "";
              const nameProblem = problems[`${role}.${i}.name`] ?? "";
              return (
                <li key={i} className="desk-opponent__row" data-row={`${role}.${i}`}>
                  <label className="visually-hidden" htmlFor={`${id}-${role}-${i}-number`}>{`${who}: shirt number`}</label>
                  <input
                    id={`${id}-${role}-${i}-number`}
                    className="desk-opponent__number"
                    inputMode="numeric"
                    placeholder="No."
                    value={row.number}
                    aria-invalid={numberProblem !== ""}
                    aria-describedby={`${id}-${role}-${i}-error`}
                    onChange={(e) => edit(role, i, "number", e.target.value)}
                  />
                  <label className="visually-hidden" htmlFor={`${id}-${role}-${i}-name`}>{`${who}: name`}</label>
                  <input
                    id={`${id}-${role}-${i}-name`}
                    className="desk-opponent__name"
                    placeholder="Name"
                    autoComplete="off"
                    value={row.name}
                    aria-invalid={nameProblem !== ""}
                    aria-describedby={`${id}-${role}-${i}-error`}
                    onChange={(e) => edit(role, i, "name", e.target.value)}
                  />
                  <button type="button" className="desk-button desk-button--small" aria-label={`Remove ${who.toLowerCase()}`} onClick={() => setRows({ ...rows, [role]: rows[role].filter((_, j) => j !== i) })}>
                    Remove
                  </button>
                  <span id={`${id}-${role}-${i}-error`} className="desk-error desk-opponent__error">
                    {[numberProblem, nameProblem].filter(Boolean).join(". ")}
                  </span>
                </li>
              );
            })}
          </ol>
          <button type="button" className="desk-button desk-button--small" onClick={() => setRows({ ...rows, [role]: [...rows[role], { name: "", number: "" }] })}>
            {role === "starting" ? "Add a starter" : "Add a substitute"}
          </button>
        </fieldset>
      ))}
      <details className="desk-opponent__paste">
        <summary className="desk-lineup__summary">Paste a team sheet</summary>
        <label htmlFor={`${id}-paste`}>One player a line ('7 Jane Doe'); a line 'Subs' starts the bench, else the first eleven start.</label>
        <textarea id={`${id}-paste`} rows={6} value={paste} onChange={(e) => setPaste(e.target.value)} />
        {confirm.asking === "paste" ? (
          <ConfirmPanel confirm={confirm} title="Replace the rows typed?" yes="Yes, use the list" busy={false} onYes={applyPaste}>
            The rows on the screen are replaced by the list. Nothing is saved until you save.
          </ConfirmPanel>
        ) : (
          <button type="button" className="desk-button desk-button--small" ref={confirm.button("paste")} disabled={paste.trim() === ""} onClick={() => (typedAny ? confirm.ask("paste") : applyPaste())}>
            Use this list
          </button>
        )}
      </details>
      <div className="desk-lineup__save">
        {confirm.asking === "clear" ? (
          <ConfirmPanel confirm={confirm} title="Take the opponent's line-up off?" yes="Yes, take it off" busy={busy} onYes={() => void save()}>
            Every row is empty: saving takes the saved line-up off the match centre.
          </ConfirmPanel>
        ) : (
          <button type="button" className="desk-button desk-button--primary" ref={confirm.button("clear")} disabled={busy} aria-describedby={`${id}-note`} onClick={() => (empty && hasSaved ? confirm.ask("clear") : void save())}>
            {busy ? "Saving…" : "Save opponent line-up"}
          </button>
        )}
        <p id={`${id}-note`} className={note?.kind === "done" ? "desk-done" : "desk-error"} role="status">
          {note?.text ?? ""}
        </p>
      </div>
    </details>
  );
}
