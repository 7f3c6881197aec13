import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent, type RefObject } from "react";
import { barFraction, parseStoryboard, storyboardCueAt, type StoryboardCue } from "../../src/domain/storyboard";
import { formatDuration } from "../../src/domain/duration-format";

const STEP_SECONDS = 5;

/**
 * The on-demand player's seek bar, under the picture: a range input that follows the video and
 * seeks it, with the storyboard's picture (the transcode's sprite and WebVTT track,
 * src/domain/storyboard.ts) over the bar where a pointer hovers or drags, and where the arrow keys
 * move it while it has focus (5 s a press, as the player's own arrows). The browser's own controls
 * stay for play, volume and full screen; their seek bar has no hook for a picture.
 */
export function SeekBar({ video, storyboardUrl }: { video: RefObject<HTMLVideoElement | null>; storyboardUrl: string | null }) {
  const bar = useRef<HTMLInputElement>(null);
  const [duration, setDuration] = useState(0);
  const [time, setTime] = useState(0);
  const [cues, setCues] = useState<StoryboardCue[]>([]);
  /** where the preview points: a time and its place along the bar (0..1), or nothing shown */
  const [preview, setPreview] = useState<{ time: number; at: number } | null>(null);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const sync = () => {
      setDuration(Number.isFinite(element.duration) ? element.duration : 0);
      setTime(element.currentTime);
    };
    sync();
    for (const type of ["loadedmetadata", "durationchange", "timeupdate", "seeked"]) element.addEventListener(type, sync);
    return () => {
      for (const type of ["loadedmetadata", "durationchange", "timeupdate", "seeked"]) element.removeEventListener(type, sync);
    };
  }, [video]);

  useEffect(() => {
    if (!storyboardUrl) return;
    const abort = new AbortController();
    fetch(storyboardUrl, { signal: abort.signal, credentials: "same-origin" })
      .then((res) => (res.ok ? res.text() : ""))
      .then((text) => setCues(parseStoryboard(text, new URL(storyboardUrl, window.location.href).toString())))
      .catch(() => undefined); // no storyboard: the bar works without pictures
    return () => abort.abort();
  }, [storyboardUrl]);

  const seek = (to: number) => {
    const element = video.current;
    if (!element || !(duration > 0)) return;
    element.currentTime = Math.min(duration, Math.max(0, to));
    setTime(element.currentTime);
  };

  const pointAt = (event: ReactPointerEvent<HTMLInputElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const at = barFraction(event.clientX, rect.left, rect.width);
    setPreview({ time: at * duration, at });
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    // Handled here, not by the range's own step nor by the player's arrow keys (one seek a press).
    event.preventDefault();
    event.stopPropagation();
    const to = Math.min(duration, Math.max(0, time + (event.key === "ArrowLeft" ? -STEP_SECONDS : STEP_SECONDS)));
    seek(to);
    setPreview({ time: to, at: duration > 0 ? to / duration : 0 });
  };

  const cue = preview ? storyboardCueAt(cues, preview.time) : null;
  const half = Math.ceil((cue?.width ?? 48) / 2) + 2;
  return (
    <div className="seek-bar">
      <input
        ref={bar}
        className="seek-bar__input"
        type="range"
        min={0}
        max={duration || 0}
        step="any"
        value={Math.min(time, duration || 0)}
        disabled={!(duration > 0)}
        aria-label="Seek"
        aria-valuetext={`${formatDuration(time)} of ${formatDuration(duration)}`}
        onChange={(event) => seek(Number(event.currentTarget.value))}
        onPointerMove={pointAt}
        onPointerDown={pointAt}
        onPointerLeave={() => setPreview(null)}
        onBlur={() => setPreview(null)}
        onKeyDown={onKeyDown}
      />
      {preview ? (
        // Centred over the pointer, but kept over the bar at either end (a 375 px screen has no room beside it).
        <div className="seek-bar__preview" style={{ left: `clamp(${half}px, ${preview.at * 100}%, calc(100% - ${half}px))` }} aria-hidden="true">
          {cue ? (
            <div
              className="seek-bar__thumb"
              data-testid="seek-thumbnail"
              style={{ width: cue.width, height: cue.height, backgroundImage: `url("${cue.url}")`, backgroundPosition: `-${cue.x}px -${cue.y}px` }}
            />
          ) : null}
          <span className="seek-bar__time">{formatDuration(preview.time)}</span>
        </div>
      ) : null}
    </div>
  );
}
