/**
 * Resume from the last position per video (issue 9 part 3), kept in localStorage on this device.
 * Positions near the start or the end are not worth resuming.
 */
const KEY_PREFIX = "rovers.resume.";
const MIN_SECONDS = 2;
const END_MARGIN_SECONDS = 3;

export function savedPosition(entryId: string, duration: number): number | null {
  try {
    const value = Number(window.localStorage.getItem(KEY_PREFIX + entryId));
    if (!Number.isFinite(value) || value < MIN_SECONDS || (Number.isFinite(duration) && value > duration - END_MARGIN_SECONDS)) return null;
    return value;
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
