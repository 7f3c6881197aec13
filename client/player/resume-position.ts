/**
 * Resume from the last position per video: kept in localStorage on this device
 * and, when signed in, on the account (PUT /api/playback/position; the gate answers it back as
 * resumeAt), so it follows the viewer to another device. Positions near the start or the end
 * are not worth resuming.
 */
const KEY_PREFIX = "rovers.resume.";
const MIN_SECONDS = 2;
const END_MARGIN_SECONDS = 3;

/** The position if it is worth resuming in a video of `duration` seconds, else null. */
export function usablePosition(value: number | null, duration: number): number | null {
  if (value === null || !Number.isFinite(value) || value < MIN_SECONDS) return null;
  if (Number.isFinite(duration) && value > duration - END_MARGIN_SECONDS) return null;
  return value;
}

export function savedPosition(entryId: string): number | null {
  try {
    const raw = window.localStorage.getItem(KEY_PREFIX + entryId);
    return raw === null ? null : Number(raw);
  } catch {
    return null;
  }
}

export function savePosition(entryId: string, seconds: number): void {
  try {
    window.localStorage.setItem(KEY_PREFIX + entryId, String(Math.floor(seconds)));
  } catch {
    // storage full or blocked: resuming is a nicety
  }
}

export function clearPosition(entryId: string): void {
  try {
    window.localStorage.removeItem(KEY_PREFIX + entryId);
  } catch {
    // as above
  }
}

/** Fire and forget (keepalive, so a position saved while closing still arrives). */
export function saveAccountPosition(entryId: string, seconds: number): void {
  void fetch("/api/playback/position", {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ entryId, seconds: Math.max(0, Math.floor(seconds)) }),
    credentials: "same-origin",
    keepalive: true,
  }).catch(() => undefined);
}
