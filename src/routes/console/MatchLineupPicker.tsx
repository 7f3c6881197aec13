import { useId, useState } from "react";
import type { deskMatchLoader } from "./console.loader";
import { consoleWrite } from "../../components/console/console-write";
import { Picture } from "../../components/Picture";
import { lineupProblem, MAX_SUBS, pickOf, placePlayer, STARTERS, type LineupPick } from "../../domain/match-operator";
import type { ConsoleMessage } from "../../components/console/ConsoleStatus";

type Detail = Awaited<ReturnType<typeof deskMatchLoader>>;

/**
 * The operator's line-up, picked from the squad's cards: Start or Bench on each, 11 and up to
 * MAX_SUBS, refused in plain words past either (placePlayer), saved through the feed's line-up call.
 */
export function LineupPicker({ matchID, squad, saved, open }: { matchID: number; squad: Detail["squad"]; saved: Detail["live"]["lineup"]; open: boolean }) {
  const [pick, setPick] = useState<LineupPick>(() => pickOf(saved));
  const [note, setNote] = useState<ConsoleMessage>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const problem = lineupProblem(pick);

  function tap(id: number, where: "starting" | "subs") {
    const next = placePlayer(pick, id, where);
    if ("refusal" in next) setNote({ kind: "error", text: next.refusal });
    else {
      setPick(next.pick);
      setNote(null);
    }
  }

  async function save() {
    if (problem) {
      setNote({ kind: "error", text: problem });
      return;
    }
    setBusy(true);
    const result = await consoleWrite("PUT", `/matches/${matchID}/lineups`, pick);
    setBusy(false);
    setNote(result.ok ? { kind: "done", text: "Line-up saved." } : { kind: "error", text: Object.values(result.fields)[0] ?? result.detail });
  }

  return (
    <details className="desk-lineup" open={open}>
      <summary className="desk-lineup__summary">
        Line-up: {pick.starting.length}/{STARTERS} starting, {pick.subs.length}/{MAX_SUBS} on the bench
      </summary>
      <ul className="desk-squad" aria-label="Squad">
        {squad.map((p) => {
          const starting = pick.starting.includes(p.id);
          const bench = pick.subs.includes(p.id);
          const label = p.number === null ? p.name : `${p.number} ${p.name}`;
          return (
            <li key={p.id} className={`desk-card${starting ? " is-starting" : bench ? " is-bench" : ""}`} data-player={p.id}>
              <Picture imageKey={p.imageKey} w={64} h={80} alt="" className="desk-card__photo" />
              <span className="desk-card__who">
                <span className="desk-card__number">{p.number ?? "–"}</span>
                <span className="desk-card__name">{p.name}</span>
                <span className="desk-card__position">{p.position}</span>
              </span>
              <span className="desk-card__buttons">
                <button type="button" className="desk-toggle" aria-pressed={starting} aria-label={`Start: ${label}`} onClick={() => tap(p.id, "starting")}>
                  Start
                </button>
                <button type="button" className="desk-toggle" aria-pressed={bench} aria-label={`Bench: ${label}`} onClick={() => tap(p.id, "subs")}>
                  Bench
                </button>
              </span>
            </li>
          );
        })}
      </ul>
      <div className="desk-lineup__save">
        <button type="button" className="desk-button desk-button--primary" disabled={busy} aria-describedby={errorId} onClick={() => void save()}>
          {busy ? "Saving…" : "Save line-up"}
        </button>
        <p id={errorId} className={note?.kind === "done" ? "desk-done" : "desk-error"} role="status">
          {note?.text ?? ""}
        </p>
      </div>
    </details>
  );
}
