import { useEffect, useRef, useState } from "react";
import Icon from "../../src/components/Icon";
import { useAppState } from "../../src/state/store";
import type { SessionError } from "../../src/domain/session-errors";
import { FAQ_PATH, LOGIN_PATH } from "../../src/domain/access-status";
import { AUDIO_PLAYER_READY_MS, AUDIO_PLAYER_SHOW_MS, AUDIO_VOLUME_RAMP_MS } from "../../src/domain/timings";
import type { AttachedStream } from "./attach-stream";
import { checkLiveSession } from "./live-session";
import { playLive, type LivePlay } from "./live-play";
import { watchOffAir } from "./off-air";
import { isOfflineRefusal, STREAM_OFFLINE_TEXT } from "../../src/domain/live-offline";
import { useLiveUpgrade } from "../../src/components/live/use-live-upgrade";
import type { LiveUpgradeData } from "../../src/domain/live-upgrade";

type PlayerState = "not ready" | "ready" | "playing" | "paused";

/**
 * The live audio player (spec §2 'Audio player', §4 'Audio player (live stream)'): a bar at the
 * bottom headed 'Live Audio' with 'Play stream' / 'Pause stream' and close. Once the login check
 * has completed it runs the session check; the bar appears 100 ms after the answer, is ready
 * 400 ms later, and on play the volume rises to full after 500 ms. A 403 shows the code's
 * message with the link of its type. While it plays, the concurrency socket pings every 30 s and
 * the live token is renewed; when the stream stops under it (refused playlist or segment, socket
 * closed by the account's object, refused renewal) it stops and shows the text of the code the
 * renewal answers: not subscribed, blocked, logged out, or the session released. A stream that is
 * off air (not started, its push stopped, the event ended) says so in the live pages' words rather
 * than as a problem, and unless it ended the bar starts again by itself when it is back (off-air.ts).
 *
 * Listening is one press: the bar only ever opens from the live page's big play button, so the
 * sound starts by itself once the stream is attached (that press is the user gesture browsers ask
 * for). Should the browser still refuse, the bar waits on 'Play stream' as the spec describes.
 */
export default function AudioPlayerBar() {
  const { state, dispatch } = useAppState();
  const { entryID, currentTitle } = state.audioPlayer;
  const { loginCheckCompleted, ssoID } = state.user;
  const audio = useRef<HTMLAudioElement>(null);
  const stream = useRef<AttachedStream | null>(null);
  const [visible, setVisible] = useState(false);
  const [playerState, setPlayerState] = useState<PlayerState>("not ready");
  const [error, setError] = useState<SessionError | null>(null);
  const [failed, setFailed] = useState(false);
  const [offAir, setOffAir] = useState<{ ended: boolean } | null>(null);
  // Whether the supporter had it playing: a stream back from off air then plays on by itself.
  const listening = useRef(false);
  const close = () => dispatch({ type: "audioPlayer/close" });
  // Spec §3 'Live upgrade data': a not-subscribed refusal shows its offer to those it is for.
  const upgrade = useLiveUpgrade();

  useEffect(() => {
    const element = audio.current;
    if (!element || !entryID || !loginCheckCompleted) return;
    const abort = new AbortController();
    const timers: ReturnType<typeof setTimeout>[] = [];
    let cancelled = false;
    setVisible(false);
    setPlayerState("not ready");
    setError(null);
    setFailed(false);
    setOffAir(null);
    // Opened by a press on the live page: play as soon as the stream is there.
    listening.current = true;

    let live: LivePlay | null = null;
    let stopWaiting = () => {};
    const offline = () => {
      live = null;
      stream.current = null;
      setPlayerState("not ready");
      stopWaiting = watchOffAir(entryID, abort.signal, {
        offAir: (ended) => setOffAir({ ended }),
        back: () => void start(),
      });
    };

    const start = async () => {
      const answer = await checkLiveSession(entryID, "audio", ssoID, abort.signal).catch(() => null);
      if (cancelled || !answer) return;
      timers.push(setTimeout(() => setVisible(true), AUDIO_PLAYER_SHOW_MS));
      if (!answer.ok) {
        if (answer.kind === "refused" && isOfflineRefusal(answer.error.code)) return offline();
        if (answer.kind === "refused") setError(answer.error);
        else setFailed(true);
        return;
      }
      setOffAir(null);
      if (answer.bypassed) dispatch({ type: "session/bypassed", bypassed: true });
      live = playLive(element, answer, { ssoID, entryID }, {
        playing(attached) {
          stream.current = attached;
          if (listening.current) {
            void playRamped(element).then((playing) => {
              if (cancelled) return;
              listening.current = playing;
              setPlayerState((s) => (playing ? "playing" : s === "not ready" ? "ready" : s));
            });
            return;
          }
          timers.push(setTimeout(() => setPlayerState((s) => (s === "not ready" ? "ready" : s)), AUDIO_PLAYER_SHOW_MS + AUDIO_PLAYER_READY_MS));
        },
        // Silenced at once; the reason shows once the renewal has told it.
        halted() {
          stream.current = null;
          setPlayerState("not ready");
        },
        stopped(reason) {
          if (reason && isOfflineRefusal(reason.code)) return offline();
          if (reason) setError(reason);
          else setFailed(true);
        },
      });
    };
    void start();

    return () => {
      cancelled = true;
      stopWaiting();
      abort.abort();
      live?.cancel();
      stream.current = null;
      timers.forEach(clearTimeout);
    };
  }, [entryID, loginCheckCompleted, ssoID, dispatch]);

  const toggle = () => {
    const element = audio.current;
    if (!element || playerState === "not ready") return;
    if (playerState === "playing") {
      element.pause();
      listening.current = false;
      setPlayerState("paused");
      return;
    }
    void playRamped(element).then((playing) => {
      listening.current = playing;
      setPlayerState(playing ? "playing" : "paused");
    });
  };

  const offer = error?.type === "requirePremium" && upgrade.offered ? upgrade.data : null;
  const link = error ? errorLink(error, offer) : null;
  return (
    <section className={`audio-player${visible ? " is-visible" : ""}`} aria-label="Live Audio" data-state={playerState}>
      <audio ref={audio} preload="none" />
      <div className="audio-player__inner">
        <p className="audio-player__heading">Live Audio</p>
        <p className="audio-player__title">{currentTitle}</p>
        {offAir && !error && !failed ? (
          <div className="audio-player__error" role="status">
            <p className="audio-player__message">{offAir.ended ? STREAM_OFFLINE_TEXT.disabled : STREAM_OFFLINE_TEXT.idle}</p>
            <p className="audio-player__detail">{STREAM_OFFLINE_TEXT.message}</p>
          </div>
        ) : error || failed ? (
          <div className="audio-player__error" role="alert">
            <p className="audio-player__message">{error ? error.message : "There was a problem connecting to the audio service"}</p>
            {offer ? <p className="audio-player__detail">{offer.lockedVideoTitle}</p> : null}
            {error?.detail ? <p className="audio-player__detail">{error.detail}</p> : null}
            {link ? (
              <a className="audio-player__link" href={link.href}>
                {link.label}
              </a>
            ) : null}
          </div>
        ) : (
          <button type="button" className="audio-player__play" onClick={toggle} disabled={playerState === "not ready"}>
            <Icon name={playerState === "playing" ? "pause" : "play"} size={18} />
            <span>{playerState === "playing" ? "Pause stream" : "Play stream"}</span>
          </button>
        )}
        <button type="button" className="audio-player__close" onClick={close} aria-label="Close audio player">
          <Icon name="close" size={18} />
        </button>
      </div>
    </section>
  );
}

/**
 * Starts the sound quietly, then at full volume after the ramp (spec §9 'audio volume ramp
 * 500 ms'). false when the browser refuses to play.
 */
function playRamped(element: HTMLAudioElement): Promise<boolean> {
  element.volume = 0;
  return element.play().then(
    () => {
      setTimeout(() => {
        element.volume = 1;
      }, AUDIO_VOLUME_RAMP_MS);
      return true;
    },
    () => false,
  );
}

/**
 * The link of the error area, by the error's type (spec §8 'Session check codes'); a
 * not-subscribed refusal links to the live upgrade data's button when the offer is for this viewer.
 */
function errorLink(error: SessionError, offer: LiveUpgradeData | null): { href: string; label: string } {
  if (error.type === "requireLogin") return { href: LOGIN_PATH, label: "Log In" };
  if (offer) return { href: offer.buttonLink, label: offer.buttonText };
  return { href: FAQ_PATH, label: "Read the FAQs" };
}
