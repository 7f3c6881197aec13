import { useCallback, useEffect, useRef, useState } from "react";
import type { MatchEventInput } from "../../schemas/match-live";
import { isSignedOutAnswer, nextToSend, outcomeKindOf, SEND_BACKOFF, settle, trimmed, type QueuedTap, type SendOutcome } from "../../domain/match-operator";
import { reconnectDelay } from "../../domain/reconnect";
import { onReturn } from "./on-return";

/**
 * The operator's taps on their way to the feed (rules: src/domain/match-operator.ts). Each tap
 * gets its Idempotency-Key when it is made and is written to localStorage before it is sent, so a
 * reload, a dropped connection or a second send never makes a second event: the feed answers a
 * key it knows with the event it made. One send at a time, oldest tap first; a send that gets no
 * answer (or a 5xx, 429, an ended session) is tried again after a jittered back-off, and at once
 * when the browser comes back online; the feed's refusal is final and shown beside the tap.
 */

/** zod comes with the first answer or stored queue read, not with the page (scripts/build-client.mjs keeps it out of first-visit chunks). */
const schemas = () => import("./tap-queue-schemas");

export const queueStorageKey = (matchID: number) => `rovers.operator.taps.${matchID}`;

async function load(matchID: number): Promise<QueuedTap[]> {
  const { z, storedSchema } = await schemas();
  try {
    const parsed = z.safeParse(storedSchema, JSON.parse(localStorage.getItem(queueStorageKey(matchID)) ?? "[]"));
    return parsed.success ? parsed.data.filter((t) => t.matchID === matchID) : [];
  } catch {
    return [];
  }
}

function store(matchID: number, queue: QueuedTap[]): void {
  try {
    localStorage.setItem(queueStorageKey(matchID), JSON.stringify(queue));
  } catch {
    // A full or disabled storage leaves the queue in memory: it still sends, it only forgets on a reload.
  }
}

async function send(tap: QueuedTap): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await fetch(`/api/console/matches/${tap.matchID}/events`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json", "idempotency-key": tap.key },
      body: JSON.stringify(tap.input),
    });
  } catch {
    return { kind: "retry" };
  }
  const body: unknown = await response.json().catch(() => null);
  const { z, sentSchema, refusedSchema } = await schemas();
  const kind = outcomeKindOf(response.status);
  if (kind === "sent") {
    const sent = z.safeParse(sentSchema, body);
    return sent.success ? { kind: "sent", seq: sent.data.data.seq, eventID: sent.data.data.id } : { kind: "retry" };
  }
  if (kind === "refused") {
    const refused = z.safeParse(refusedSchema, body);
    const first = refused.success ? refused.data.errors[0] : undefined;
    if (isSignedOutAnswer(response.status, first?.code)) return { kind: "retry", signedOut: true };
    return { kind: "refused", code: first?.code ?? "REFUSED", detail: first?.detail ?? `The feed refused it (${response.status}).` };
  }
  return { kind: "retry", signedOut: response.status === 401 };
}

export function useTapQueue(matchID: number) {
  const [queue, setQueue] = useState<QueuedTap[]>([]);
  // The console answered 401: the operator's sign-in ended; taps wait until they sign in again.
  const [signedOut, setSignedOut] = useState(false);
  const latest = useRef<QueuedTap[]>([]);
  const sending = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stopped = useRef(false);

  const update = useCallback(
    (next: QueuedTap[]) => {
      latest.current = trimmed(next);
      store(matchID, latest.current);
      setQueue(latest.current);
    },
    [matchID],
  );

  const pump = useCallback(async () => {
    if (sending.current || stopped.current) return;
    const tap = nextToSend(latest.current);
    if (!tap) return;
    sending.current = true;
    clearTimeout(timer.current);
    const outcome = await send(tap);
    sending.current = false;
    // Another tab may have stored answers meanwhile; this tab's view of the tap wins only for this tap.
    update(settle(latest.current, tap.key, outcome));
    if (outcome.kind !== "retry" || outcome.signedOut !== undefined) setSignedOut(outcome.kind === "retry" && outcome.signedOut === true);
    if (stopped.current) return;
    if (outcome.kind === "retry") {
      const attempts = tap.attempts + 1;
      timer.current = setTimeout(() => void pump(), reconnectDelay(attempts - 1, Math.random(), SEND_BACKOFF));
    } else {
      void pump();
    }
  }, [update]);

  useEffect(() => {
    stopped.current = false;
    void load(matchID).then((stored) => {
      if (stopped.current) return;
      // Taps made before the stored queue was read come after it.
      latest.current = [...stored, ...latest.current.filter((t) => !stored.some((s) => s.key === t.key))];
      setQueue(latest.current);
      void pump();
    });
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

  /** A tap: its key made now, stored, then sent in its turn. */
  const enqueue = useCallback(
    (input: MatchEventInput, label: string) => {
      const tap: QueuedTap = { key: crypto.randomUUID(), matchID, input, label, tappedAt: Date.now(), status: "pending", attempts: 0 };
      update([...latest.current, tap]);
      void pump();
    },
    [matchID, pump, update],
  );

  /** Takes a settled tap off the list (the operator has read its refusal). */
  const dismiss = useCallback((key: string) => update(latest.current.filter((t) => t.key !== key || t.status === "pending")), [update]);

  return { queue, enqueue, dismiss, signedOut };
}
