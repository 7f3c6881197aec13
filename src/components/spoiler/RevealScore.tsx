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
      // The schema (zod) loads beside the call, never with the page.
      const [response, { matchScoreSchema }] = await Promise.all([
        fetch(`/api/matches/${match.id}/score`, { headers: { Accept: "application/json" } }),
        import("../../schemas/match-score"),
      ]);
      if (!response.ok) throw new Error(`score ${response.status}`);
      const body = matchScoreSchema.safeParse(await response.json());
      if (!body.success) throw new Error("score shape");
      const score = { goalsFor: body.data.goalsFor, goalsAgainst: body.data.goalsAgainst };
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
