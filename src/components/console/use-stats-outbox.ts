import { useCallback, useEffect, useRef, useState } from "react";
import type { MatchStatsInput } from "../../domain/match-stats";
import { reconnectDelay } from "../../domain/reconnect";
import { SEND_BACKOFF } from "../../domain/match-operator";
import { refusalOf } from "./console-write";
import { onReturn } from "./on-return";

/**
 * The operator's stats on their way to the console (PUT /api/console/matches/{id}/stats), as sure
 * as the event taps (use-tap-queue.ts): a save is written to localStorage before it is sent, so a
 * dropped connection or a reload keeps it; it is sent once when the connection returns (the
 * browser's 'online', the tab's focus, else a jittered back-off). Only the latest save waits: the
 * stats are a whole set, so a newer save replaces one not yet sent. The version sent is the one
 * this screen last saw; a save in between from another operator is their 409, shown, never lost.
 */

export type StatsStatus =
  | { kind: "idle" }
  | { kind: "pending"; attempts: number; signedOut: boolean }
  | { kind: "saved"; at: number }
  | { kind: "refused"; detail: string; fields: Record<string, string> };

interface Waiting {
  matchID: number;
  stats: MatchStatsInput;
  version: number;
}

export const statsStorageKey = (matchID: number) => `rovers.operator.stats.${matchID}`;

function stored(matchID: number): Waiting | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(statsStorageKey(matchID)) ?? "null");
    // Only what this screen wrote: a whole set for this match with a version.
    if (typeof value !== "object" || value === null) return null;
    const w = value as Partial<Waiting>;
    return w.matchID === matchID && typeof w.version === "number" && typeof w.stats === "object" && w.stats !== null ? (w as Waiting) : null;
  } catch {
    return null;
  }
}

function store(matchID: number, waiting: Waiting | null): void {
  try {
    if (waiting) localStorage.setItem(statsStorageKey(matchID), JSON.stringify(waiting));
    else localStorage.removeItem(statsStorageKey(matchID));
  } catch {
    // A full or disabled storage keeps the save in memory: it is still sent, only a reload forgets it.
  }
}

const versionOf = (answer: unknown): number | null => {
  const version = (answer as { data?: { attributes?: { version?: unknown } } } | null)?.data?.attributes?.version;
  return typeof version === "number" ? version : null;
};

export function useStatsOutbox(matchID: number, savedVersion: number) {
  const [status, setStatus] = useState<StatsStatus>({ kind: "idle" });
  const version = useRef(savedVersion);
  const waiting = useRef<Waiting | null>(null);
  const sending = useRef(false);
  const attempts = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stopped = useRef(false);

  const pump = useCallback(async () => {
    const next = waiting.current;
    if (sending.current || stopped.current || !next) return;
    sending.current = true;
    clearTimeout(timer.current);
    let response: Response | null = null;
    try {
      response = await fetch(`/api/console/matches/${matchID}/stats`, {
        method: "PUT",
        credentials: "same-origin",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ version: next.version, ...next.stats }),
      });
    } catch {
      response = null;
    }
    const answer: unknown = response ? await response.json().catch(() => null) : null;
    sending.current = false;
    if (stopped.current) return;
    const retry = response === null || response.status === 401 || response.status === 429 || response.status >= 500;
    if (retry) {
      attempts.current += 1;
      setStatus({ kind: "pending", attempts: attempts.current, signedOut: response?.status === 401 });
      timer.current = setTimeout(() => void pump(), reconnectDelay(attempts.current - 1, Math.random(), SEND_BACKOFF));
      return;
    }
    attempts.current = 0;
    const replaced = waiting.current !== next;
    if (response!.ok) {
      version.current = versionOf(answer) ?? version.current + 1;
      if (replaced && waiting.current) {
        // A newer save was made while this one travelled: it follows on from this one.
        waiting.current = { ...waiting.current, version: version.current };
        store(matchID, waiting.current);
        void pump();
        return;
      }
      waiting.current = null;
      store(matchID, null);
      setStatus({ kind: "saved", at: Date.now() });
      return;
    }
    const refusal = await refusalOf(response!.status, answer);
    if (!replaced) {
      waiting.current = null;
      store(matchID, null);
    }
    setStatus({ kind: "refused", detail: refusal.detail, fields: refusal.fields });
    if (replaced) void pump();
  }, [matchID]);

  useEffect(() => {
    stopped.current = false;
    const kept = stored(matchID);
    if (kept && !waiting.current) {
      waiting.current = kept;
      setStatus({ kind: "pending", attempts: 0, signedOut: false });
      void pump();
    }
    const stopListening = onReturn(() => {
      clearTimeout(timer.current);
      void pump();
    });
    return () => {
      stopped.current = true;
      clearTimeout(timer.current);
      stopListening();
    };
  }, [matchID, pump]);

  /** A save: kept first, then sent in its turn. */
  const save = useCallback(
    (stats: MatchStatsInput) => {
      waiting.current = { matchID, stats, version: waiting.current?.version ?? version.current };
      store(matchID, waiting.current);
      setStatus({ kind: "pending", attempts: 0, signedOut: false });
      void pump();
    },
    [matchID, pump],
  );

  /** The stats a reload kept unsent, for the panel to show instead of the saved ones. */
  const kept = useCallback(() => stored(matchID)?.stats ?? null, [matchID]);

  return { status, save, kept };
}
