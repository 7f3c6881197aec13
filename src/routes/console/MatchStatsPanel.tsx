import { useEffect, useId, useState } from "react";
import type { MatchSide } from "../../schemas/match-live";
import { COUNT_KEYS, MAX_COUNT, STAT_LABELS, statsProblems, stepped, withPossession, type CountKey, type MatchStatsInput } from "../../domain/match-stats";
import { useStatsOutbox, type StatsStatus } from "../../components/console/use-stats-outbox";
import { LOGIN_PATH } from "../../domain/access-status";

/**
 * The stats panel of the operator's screen: +/- steppers for each side's shots, shots on target,
 * corners, fouls and offsides, and possession typed as a percentage (the other side follows to
 * 100). Checked as the server checks it (statsProblems), saved on 'Save stats' through the outbox
 * that keeps a save made offline and sends it when the connection returns (use-stats-outbox.ts).
 * Cards are not here: the match centre counts them from the events posted above.
 */
export function MatchStatsPanel({ matchID, names, saved, version }: { matchID: number; names: Record<MatchSide, string>; saved: MatchStatsInput; version: number }) {
  const { status, save, kept } = useStatsOutbox(matchID, version);
  const [stats, setStats] = useState(saved);
  const [typed, setTyped] = useState<Record<MatchSide, string>>({ home: String(saved.possession.home), away: String(saved.possession.away) });
  const [shown, setShown] = useState(false);
  const noteId = useId();
  const possessionId = useId();

  // A save a reload kept unsent is what the operator last meant: show it, not the stored one.
  useEffect(() => {
    const unsent = kept();
    if (unsent) {
      setStats(unsent);
      setTyped({ home: String(unsent.possession.home), away: String(unsent.possession.away) });
    }
  }, [kept]);

  const problems = statsProblems(stats);
  const local = Object.fromEntries(problems.map((p) => [p.field, p.detail]));
  const server = status.kind === "refused" ? status.fields : {};
  const problemOf = (field: string) => (shown ? local[field] : undefined) ?? server[field] ?? "";

  function typePossession(side: MatchSide, text: string) {
    const other: MatchSide = side === "home" ? "away" : "home";
    const value = /^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
    const next = withPossession(stats, side, value);
    setStats(next);
    setTyped({ [side]: text, [other]: Number.isInteger(next.possession[other]) ? String(next.possession[other]) : typed[other] } as Record<MatchSide, string>);
  }

  function submit() {
    setShown(true);
    if (problems.length === 0) save(stats);
  }

  const possessionProblem = problemOf("possession");
  return (
    <section className="desk-stats" aria-labelledby={`${noteId}-title`} data-testid="desk-stats">
      <h3 className="console__subheading" id={`${noteId}-title`}>
        Match stats
      </h3>
      <p className="console__note">Cards are counted from the events you post.</p>
      <fieldset className="desk-stats__possession" aria-describedby={`${possessionId}-error`}>
        <legend>Possession (%)</legend>
        {(["home", "away"] as const).map((side) => (
          <span key={side} className="desk-stats__percent">
            <label htmlFor={`${possessionId}-${side}`}>{names[side]}</label>
            <input
              id={`${possessionId}-${side}`}
              className="desk-minute__input"
              inputMode="numeric"
              value={typed[side]}
              aria-invalid={problemOf(`possession.${side}`) !== "" || possessionProblem !== ""}
              aria-describedby={`${possessionId}-${side}-error`}
              onChange={(e) => typePossession(side, e.target.value)}
            />
            <span id={`${possessionId}-${side}-error`} className="desk-error">
              {problemOf(`possession.${side}`)}
            </span>
          </span>
        ))}
        <span id={`${possessionId}-error`} className="desk-error desk-stats__whole">
          {possessionProblem}
        </span>
      </fieldset>
      <div className="desk-stats__list">
        {COUNT_KEYS.map((key) => (
          <StatRow key={key} stat={key} stats={stats} names={names} problemOf={problemOf} onStep={(side, delta) => setStats(stepped(stats, key, side, delta))} />
        ))}
      </div>
      <div className="desk-lineup__save">
        <button type="button" className="desk-button desk-button--primary" aria-describedby={noteId} onClick={submit}>
          Save stats
        </button>
        <StatsNote id={noteId} status={status} invalid={shown && problems.length > 0} />
      </div>
    </section>
  );
}

function StatRow({ stat, stats, names, problemOf, onStep }: {
  stat: CountKey;
  stats: MatchStatsInput;
  names: Record<MatchSide, string>;
  problemOf: (field: string) => string;
  onStep: (side: MatchSide, delta: 1 | -1) => void;
}) {
  const id = useId();
  const label = STAT_LABELS[stat];
  return (
    <div className="desk-stats__row" role="group" aria-labelledby={`${id}-label`} data-stat={stat}>
      <span className="desk-stats__label" id={`${id}-label`}>
        {label}
      </span>
      {(["home", "away"] as const).map((side) => {
        const value = stats[stat][side];
        const problem = problemOf(`${stat}.${side}`);
        return (
          <span key={side} className="desk-stats__side" data-side={side}>
            <span className="desk-stats__team">{names[side]}</span>
            <span className="desk-stats__stepper">
              <button type="button" className="desk-button desk-button--small" aria-label={`${label}, ${names[side]}: one fewer`} disabled={value <= 0} onClick={() => onStep(side, -1)}>
                −
              </button>
              <output className="desk-stats__value" aria-label={`${label}, ${names[side]}`} aria-describedby={`${id}-${side}-error`}>
                {value}
              </output>
              <button type="button" className="desk-button desk-button--small" aria-label={`${label}, ${names[side]}: one more`} disabled={value >= MAX_COUNT} onClick={() => onStep(side, 1)}>
                +
              </button>
            </span>
            <span id={`${id}-${side}-error`} className="desk-error">
              {problem}
            </span>
          </span>
        );
      })}
    </div>
  );
}

function StatsNote({ id, status, invalid }: { id: string; status: StatsStatus; invalid: boolean }) {
  const text = invalid
    ? "Some stats need a change."
    : status.kind === "pending"
      ? status.signedOut
        ? "Pending: your sign-in has ended. Sign in again and the stats are sent."
        : status.attempts > 0
          ? `Pending: kept on this phone and sent when the connection returns (tried ${status.attempts}×).`
          : "Pending: sending…"
      : status.kind === "saved"
        ? "Stats saved: the match centre shows them."
        : status.kind === "refused"
          ? status.detail
          : "";
  const error = invalid || status.kind === "refused";
  return (
    <p id={id} className={error ? "desk-error" : "desk-done"} role="status" data-stats={invalid ? "invalid" : status.kind}>
      {text}
      {status.kind === "pending" && status.signedOut ? (
        <>
          {" "}
          <a href={LOGIN_PATH} target="_blank" rel="noopener">
            Sign in again (opens a new tab)
          </a>
        </>
      ) : null}
    </p>
  );
}
