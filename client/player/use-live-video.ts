import { useEffect, useState, type RefObject } from "react";
import { useAppState } from "../../src/state/store";
import type { SessionError, SessionErrorType } from "../../src/domain/session-errors";
import { isOfflineRefusal } from "../../src/domain/live-offline";
import { checkLiveSession, type LiveCheck } from "./live-session";
import { playLive, type LivePlay } from "./live-play";
import { watchOffAir } from "./off-air";
import { registerPictureClock } from "../../src/state/picture-clock";

/** A live refusal shows the access status of its type (spec §8), so the same links appear. */
const STATUS_OF_TYPE: Record<SessionErrorType, number> = { requireLogin: 0, requirePremium: 2, blocked: 3 };

export type LiveVideoPhase =
  | { kind: "starting" }
  | { kind: "playing" }
  /** the stream is not running: `ended` for good (the event ended), else the player asks again by itself */
  | { kind: "offline"; ended: boolean }
  | { kind: "refused"; message: string; status: number; detail?: string }
  | { kind: "failed" };

/**
 * Plays a live video stream in `video`: after the login check, the session check; on
 * 200 the concurrency socket, the live playlist and the token's renewals (live-play.ts). When the
 * stream stops under it, the renewal says why and that text shows; when why is that the stream is
 * not running (the push stopped, the event ended), the offline text shows instead and, unless the
 * event ended, the player starts again by itself once the stream is back (off-air.ts). The player overlay and the match centre's docked
 * video both play live video through this, and only while `active`.
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
    let stopWaiting = () => {};
    let unregister = () => {};
    setPhase({ kind: "starting" });
    const show = (error: SessionError | null) =>
      setPhase(error ? { kind: "refused", message: error.message, detail: error.detail, status: STATUS_OF_TYPE[error.type] } : { kind: "failed" });
    // Off air: said at once, then the player waits for the stream to come back (off-air.ts).
    const offline = () => {
      stopWaiting = watchOffAir(entryID, abort.signal, { offAir: (ended) => setPhase({ kind: "offline", ended }), back: () => void start() });
    };
    const refuse = (answer: Exclude<LiveCheck, { ok: true }>) => {
      if (answer.kind === "refused" && isOfflineRefusal(answer.error.code)) return offline();
      show(answer.kind === "refused" ? answer.error : null);
    };
    const start = async () => {
      const answer = await checkLiveSession(entryID, "video", ssoID, abort.signal).catch(() => null);
      if (cancelled || !answer) return;
      if (!answer.ok) return refuse(answer);
      playing = playLive(element, answer, { ssoID, entryID }, {
        playing(attached) {
          // One live rendition, no captions.
          setPhase({ kind: "playing" });
          unregister();
          unregister = registerPictureClock(entryID, () => attached.pictureTime());
          element.play().catch(() => undefined);
        },
        stopped(error) {
          playing = null;
          unregister();
          if (error && isOfflineRefusal(error.code)) return offline();
          show(error);
        },
      });
    };
    void start();
    return () => {
      cancelled = true;
      stopWaiting();
      unregister();
      abort.abort();
      playing?.cancel();
    };
  }, [video, entryID, active, loginCheckCompleted, ssoID]);
  return phase;
}
