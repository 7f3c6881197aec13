import { useState } from "react";
import type { Match } from "../../schemas/teams";

export interface RevealedScore {
  goalsFor: number;
  goalsAgainst: number;
}

/**
 * Spoiler-free mode's per-match reveal: the page carries no score, so the button asks the worker
 * for this one match's (GET /api/matches/{id}/score) and shows it in place. Nothing else changes.
 */
export function RevealScore({ match, label, onRevealed }: { match: Match; label: string; onRevealed?: (score: RevealedScore) => void }) {
  const [state, setState] = useState<{ kind: "hidden" | "loading" | "failed" } | { kind: "shown"; home: number; away: number }>({ kind: "hidden" });
  const reveal = async () => {
    setState({ kind: "loading" });
    try {
      const response = await fetch(`/api/matches/${match.id}/score`, { headers: { Accept: "application/json" } });
      if (!response.ok) throw new Error(`score ${response.status}`);
      const body = (await response.json()) as { goalsFor?: unknown; goalsAgainst?: unknown };
      if (typeof body.goalsFor !== "number" || typeof body.goalsAgainst !== "number") throw new Error("score shape");
      const score = { goalsFor: body.goalsFor, goalsAgainst: body.goalsAgainst };
      setState(match.isHome ? { kind: "shown", home: score.goalsFor, away: score.goalsAgainst } : { kind: "shown", home: score.goalsAgainst, away: score.goalsFor });
      onRevealed?.(score);
    } catch (error) {
      console.error("reveal score failed", error);
      setState({ kind: "failed" });
    }
  };
  if (state.kind === "shown") {
    return (
      <span className="scoreline__score" aria-live="polite">
        <span>{state.home}</span>
        <span className="scoreline__dash" aria-hidden="true">–</span>
        <span>{state.away}</span>
      </span>
    );
  }
  return (
    <button type="button" className="reveal-score" onClick={reveal} disabled={state.kind === "loading"} aria-label={`Reveal score: ${label}`}>
      {state.kind === "failed" ? "Try again" : "Reveal score"}
    </button>
  );
}
