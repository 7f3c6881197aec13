import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from "react";
import { useLocation } from "react-router";
import Crest from "../../src/components/Crest";
import Icon from "../../src/components/Icon";
import { useAppState } from "../../src/state/store";
import { keepSegmentTokens } from "./segment-tokens";
import { attachStream, MEDIA_PROCESSING, type AttachedStream } from "./attach-stream";
import { requestPlayback, withCurrentToken, type PlaybackGrant } from "./playback-client";
import { clearPosition, saveAccountPosition, savedPosition, savePosition, usablePosition } from "./resume-position";
import { PlayerSidebar } from "./PlayerSidebar";
import { useLiveVideo } from "./use-live-video";
import { PlayerMessage, StreamOffAir } from "./PlayerMessage";
import { SeekBar } from "./SeekBar";
import { ChapterList } from "./ChapterList";
import type { Chapter } from "../../src/domain/video-chapters";

const SEEK_STEP_SECONDS = 5;
const SAVE_EVERY_SECONDS = 5;
const SAVE_TO_ACCOUNT_EVERY_SECONDS = 15;

type Phase =
  | { kind: "starting" }
  | { kind: "playing"; renditions: string[]; hasCaptions: boolean; captionLabels: string[] }
  | { kind: "offline"; ended: boolean }
  | { kind: "refused"; message: string; status: number; detail?: string }
  | { kind: "processing" }
  | { kind: "failed" };

const FOCUSABLE = 'a[href], button:not([disabled]), select, video[controls], [tabindex]:not([tabindex="-1"])';

/**
 * The video player overlay (spec §2 'Video player overlay', §4 'Media player'): a full-screen
 * dialog with the club crest, a close button, the player and the sidebar. It asks the playback
 * gate for a token, plays the stream with hls.js, renews the token while it plays, and resumes
 * where the viewer left off. Keyboard: Space/K play-pause, arrows seek, F full screen, Escape
 * closes; focus stays inside and goes back where it came from.
 */
export default function VideoPlayerOverlay() {
  const { state, dispatch } = useAppState();
  const { currentVideoID: entryId, currentVideoName: title, currentSection: section } = state.mediaPlayer;
  // Live video: the session check and the concurrency socket instead of the on-demand gate.
  const live = state.mediaPlayer.mediaType === "DrmLiveVideo";
  const { pathname } = useLocation();
  const dialog = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const stream = useRef<AttachedStream | null>(null);
  const token = useRef("");
  /** the account's position for this video, from the gate's answer */
  const accountResume = useRef<number | null>(null);
  const loggedIn = useRef(state.user.loggedIn);
  loggedIn.current = state.user.loggedIn;
  const [phase, setPhase] = useState<Phase>({ kind: "starting" });
  const [captions, setCaptions] = useState(false);
  /** with several caption languages: 'off' or the chosen track's index */
  const [captionChoice, setCaptionChoice] = useState("off");
  const [quality, setQuality] = useState("auto");
  const [poster, setPoster] = useState<string | undefined>(undefined);
  const [storyboard, setStoryboard] = useState<string | null>(null);
  const [chapters, setChapters] = useState<Chapter[]>([]);
  const close = () => dispatch({ type: "mediaPlayer/close" });

  // Focus moves into the dialog and returns to what opened it (the play button) on close.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.querySelector<HTMLElement>(".video-overlay__close")?.focus();
    return () => {
      const target = opener?.isConnected ? opener : document.querySelector<HTMLElement>(".theatre__play");
      target?.focus();
    };
  }, []);

  // A video chosen in the sidebar takes the focus: the chosen item leaves the list when it reloads,
  // and focus left on it would fall to <body>, outside the dialog and its keys (Escape, Tab).
  const shownFirst = useRef(entryId);
  useEffect(() => {
    if (entryId !== shownFirst.current) video.current?.focus();
  }, [entryId]);

  // Leaving the video's page (back button, a link) closes the player.
  const openedOn = useRef(pathname);
  useEffect(() => {
    if (!pathname.startsWith("/videos/") && pathname !== openedOn.current) dispatch({ type: "mediaPlayer/close" });
  }, [pathname, dispatch]);

  // Resume from the saved position; keep it up to date while playing. Declared before the stream
  // effect so that on close its cleanup saves the place before the stream is detached.
  useEffect(() => {
    const element = video.current;
    if (!element || !entryId || live) return;
    let lastSaved = 0;
    let lastSavedToAccount = 0;
    // The account's place wins (it follows the viewer across devices), else this device's.
    const onLoaded = () => {
      const at = usablePosition(accountResume.current, element.duration) ?? usablePosition(savedPosition(entryId), element.duration);
      if (at !== null) element.currentTime = at;
    };
    const save = (toAccount: boolean) => {
      // Detaching the stream on close resets the element to 0: that is not a place worth keeping.
      if (element.currentTime < 1) return;
      savePosition(entryId, element.currentTime);
      if (toAccount && loggedIn.current) saveAccountPosition(entryId, element.currentTime);
    };
    const onTime = () => {
      const now = element.currentTime;
      if (Math.abs(now - lastSaved) < SAVE_EVERY_SECONDS) return;
      lastSaved = now;
      const toAccount = Math.abs(now - lastSavedToAccount) >= SAVE_TO_ACCOUNT_EVERY_SECONDS;
      if (toAccount) lastSavedToAccount = now;
      save(toAccount);
    };
    const onPause = () => save(true);
    const onEnded = () => {
      clearPosition(entryId);
      if (loggedIn.current) saveAccountPosition(entryId, 0);
    };
    element.addEventListener("loadedmetadata", onLoaded);
    element.addEventListener("timeupdate", onTime);
    element.addEventListener("pause", onPause);
    element.addEventListener("ended", onEnded);
    return () => {
      save(true);
      element.removeEventListener("loadedmetadata", onLoaded);
      element.removeEventListener("timeupdate", onTime);
      element.removeEventListener("pause", onPause);
      element.removeEventListener("ended", onEnded);
    };
  }, [entryId, live]);

  // Ask the gate, attach the stream, renew the token while playing.
  useEffect(() => {
    const element = video.current;
    if (!element || !entryId || live) return;
    const abort = new AbortController();
    let renewTimer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    setPhase({ kind: "starting" });
    setCaptions(false);
    setStoryboard(null);
    setChapters([]);
    setCaptionChoice("off");
    setQuality("auto");

    const scheduleRenewal = (grant: PlaybackGrant) => {
      renewTimer = setTimeout(async () => {
        const answer = await requestPlayback(entryId, abort.signal).catch(() => null);
        if (cancelled || !answer) return;
        if (answer.ok) {
          token.current = answer.grant.token;
          scheduleRenewal(answer.grant);
        } else if (answer.kind === "refused") {
          element.pause();
          setPhase({ kind: "refused", message: answer.detail, status: answer.status });
        }
      }, grant.renewAfterSeconds * 1000);
    };

    void (async () => {
      const answer = await requestPlayback(entryId, abort.signal).catch(() => null);
      if (cancelled || !answer) return;
      if (!answer.ok) {
        setPhase(answer.kind === "refused" ? { kind: "refused", message: answer.detail, status: answer.status } : { kind: "failed" });
        return;
      }
      token.current = answer.grant.token;
      accountResume.current = answer.grant.resumeAt ?? null;
      setPoster(answer.grant.posterUrl);
      setChapters(answer.grant.chapters);
      // The storyboard's track sits beside the master and takes the same token (the gate's rule for it).
      setStoryboard(answer.grant.url.replace(/\/master\.m3u8\?/, "/storyboard.vtt?"));
      try {
        const segments = keepSegmentTokens(() => token.current);
        const attached = await attachStream(element, answer.grant.url, (url) => segments.url(withCurrentToken(url, token.current)), (reason) => {
          if (!cancelled) setPhase({ kind: reason === "processing" ? "processing" : "failed" });
        });
        if (cancelled) {
          attached.destroy();
          return;
        }
        stream.current = attached;
        setPhase({ kind: "playing", renditions: attached.renditions, hasCaptions: attached.hasCaptions, captionLabels: attached.captionLabels });
        scheduleRenewal(answer.grant);
        element.play().catch(() => {
          // autoplay refused (no gesture): the viewer presses play
        });
      } catch (error) {
        if (!cancelled) setPhase(error instanceof Error && error.message === MEDIA_PROCESSING ? { kind: "processing" } : { kind: "failed" });
      }
    })();

    return () => {
      cancelled = true;
      abort.abort();
      clearTimeout(renewTimer);
      stream.current?.destroy();
      stream.current = null;
    };
  }, [entryId, live]);

  // Live: the session check, the concurrency socket and the live playlist (use-live-video.ts).
  const livePhase = useLiveVideo(video, entryId, live);
  const shown: Phase = !live ? phase : livePhase.kind === "playing" ? { kind: "playing", renditions: [], hasCaptions: false, captionLabels: [] } : livePhase;

  // Spec §8: a video session failure sets the entitlements to null, so locks read them as none.
  const failed = shown.kind === "failed";
  useEffect(() => {
    if (failed) dispatch({ type: "entitlements/set", entitlements: null });
  }, [failed, dispatch]);

  const toggleCaptions = () => {
    const next = !captions;
    stream.current?.setCaptions(next ? 0 : null);
    setCaptions(next);
  };
  // Several languages: a choice of Off and each one, instead of the one button.
  const chooseCaptions = (value: string) => {
    setCaptionChoice(value);
    stream.current?.setCaptions(value === "off" ? null : Number(value));
    setCaptions(value !== "off");
  };

  const togglePlay = () => {
    const element = video.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => undefined);
    else element.pause();
  };

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void stage.current?.requestFullscreen?.().catch(() => undefined);
  };

  const pictureInPicture = () => {
    const element = video.current;
    if (!element) return;
    if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => undefined);
    else void element.requestPictureInPicture().catch(() => undefined);
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const inControl = target.closest("button, a, select") !== null;
    const element = video.current;
    switch (event.key) {
      case "Escape":
        event.preventDefault();
        close();
        return;
      case "Tab": {
        // Focus trap: Tab and Shift+Tab cycle inside the dialog.
        const items = Array.from(dialog.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []).filter((el) => el.offsetParent !== null || el === document.activeElement);
        const first = items[0];
        const last = items[items.length - 1];
        if (!first || !last) return;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
        return;
      }
      case " ":
        if (inControl) return;
        event.preventDefault();
        togglePlay();
        return;
      case "k":
      case "K":
        event.preventDefault();
        togglePlay();
        return;
      case "f":
      case "F":
        event.preventDefault();
        toggleFullscreen();
        return;
      case "ArrowLeft":
      case "ArrowRight":
        if (!element || target.tagName === "SELECT") return;
        event.preventDefault();
        element.currentTime = Math.max(0, element.currentTime + (event.key === "ArrowLeft" ? -SEEK_STEP_SECONDS : SEEK_STEP_SECONDS));
        return;
    }
  };

  const pipAvailable = typeof document !== "undefined" && document.pictureInPictureEnabled === true;

  return (
    <div className="video-overlay" role="dialog" aria-modal="true" aria-labelledby="video-overlay-title" ref={dialog} onKeyDown={onKeyDown}>
      <div className="video-overlay__bar">
        <Crest className="video-overlay__crest" />
        <h2 className="video-overlay__title" id="video-overlay-title">
          {title}
        </h2>
        <button type="button" className="video-overlay__close" onClick={close} aria-label="Close video player">
          <Icon name="close" size={22} />
        </button>
      </div>
      <div className={`video-overlay__body${section === "hidden" ? " has-no-sidebar" : ""}`}>
        <div className="video-overlay__main">
          <div className="video-overlay__stage" ref={stage} data-phase={shown.kind} data-renditions={shown.kind === "playing" ? shown.renditions.join(" ") : ""}>
            <video className="video-overlay__video" ref={video} controls playsInline poster={poster} aria-label={title} />
            {shown.kind === "starting" ? (
              <p className="video-overlay__status" role="status">
                Loading video
              </p>
            ) : null}
            {shown.kind === "failed" || shown.kind === "refused" || shown.kind === "processing" ? <PlayerMessage problem={shown} /> : null}
            {shown.kind === "offline" ? <StreamOffAir ended={shown.ended} /> : null}
          </div>
          {!live && shown.kind === "playing" ? <SeekBar video={video} storyboardUrl={storyboard} /> : null}
          <div className="video-overlay__controls">
            {shown.kind === "playing" && shown.captionLabels.length > 1 ? (
              <label className="video-overlay__control video-overlay__captions">
                Captions
                <select value={captionChoice} onChange={(e) => chooseCaptions(e.currentTarget.value)}>
                  <option value="off">Off</option>
                  {shown.captionLabels.map((label, i) => (
                    <option key={i} value={String(i)}>
                      {label}
                    </option>
                  ))}
                </select>
              </label>
            ) : shown.kind === "playing" && shown.hasCaptions ? (
              <button type="button" className="video-overlay__control" aria-pressed={captions} onClick={toggleCaptions}>
                Captions
              </button>
            ) : null}
            {shown.kind === "playing" && pipAvailable ? (
              <button type="button" className="video-overlay__control" onClick={pictureInPicture}>
                Picture in picture
              </button>
            ) : null}
            {shown.kind === "playing" && shown.renditions.length > 1 ? (
              <label className="video-overlay__control video-overlay__captions">
                Quality
                <select
                  value={quality}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setQuality(value);
                    stream.current?.setRendition(value === "auto" ? null : Number(value));
                  }}
                >
                  <option value="auto">Auto</option>
                  {shown.renditions.map((name, i) => (
                    <option key={name} value={String(i)}>
                      {name}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
          </div>
          {!live && shown.kind === "playing" ? <ChapterList video={video} chapters={chapters} /> : null}
        </div>
        {section === "hidden" ? null : <PlayerSidebar entryId={entryId} section={section} />}
      </div>
    </div>
  );
}
