import { useEffect, useState, type RefObject } from "react";
import { useAppState } from "../../src/state/store";
import type { SessionError, SessionErrorType } from "../../src/domain/session-errors";
import { checkLiveSession, type LiveCheck } from "./live-session";
import { playLive, type LivePlay } from "./live-play";

/** A live refusal shows the access status of its type (spec §8), so the same links appear. */
const STATUS_OF_TYPE: Record<SessionErrorType, number> = { requireLogin: 0, requirePremium: 2, blocked: 3 };

export type LiveVideoPhase =
  | { kind: "starting" }
  | { kind: "playing" }
  | { kind: "refused"; message: string; status: number; detail?: string }
  | { kind: "failed" };

/**
 * Plays a live video stream in `video`: after the login check, the session check; on
 * 200 the concurrency socket, the live playlist and the token's renewals (live-play.ts). When the
 * stream stops under it, the renewal says why and that text shows. The player overlay and the
 * match centre's docked video both play live video through this, and only while `active`.
 */
export function useLiveVideo(video: RefObject<HTMLVideoElement | null>, entryID: string, active: boolean): LiveVideoPhase {
  const { state } = useAppState();
  const { loginCheckCompleted, ssoID } = state.user;
  const [phase, setPhase] = useState<LiveVideoPhase>({ kind: "starting" });
  useEffect(() => {
    const element = video.current;
    if (!element || !entryID || !active || !loginCheckCompleted) return;
    const abort = new AbortController();
    let cancelled = false;
    let playing: LivePlay | null = null;
    setPhase({ kind: "starting" });
    const show = (error: SessionError | null) =>
      setPhase(error ? { kind: "refused", message: error.message, detail: error.detail, status: STATUS_OF_TYPE[error.type] } : { kind: "failed" });
    const refuse = (answer: Exclude<LiveCheck, { ok: true }>) => show(answer.kind === "refused" ? answer.error : null);
    void (async () => {
      const answer = await checkLiveSession(entryID, "video", ssoID, abort.signal).catch(() => null);
      if (cancelled || !answer) return;
      if (!answer.ok) return refuse(answer);
      playing = playLive(element, answer, { ssoID, entryID }, {
        playing() {
          // One live rendition, no captions.
          setPhase({ kind: "playing" });
          element.play().catch(() => undefined);
        },
        stopped: show,
      });
    })();
    return () => {
      cancelled = true;
      abort.abort();
      playing?.cancel();
    };
  }, [video, entryID, active, loginCheckCompleted, ssoID]);
  return phase;
}
