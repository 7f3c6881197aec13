/**
 * Which demo clip plays for a video. The committed media (scripts/make-media.sh,
 * public/media/vod/{clip}/) has a few short clips; every video of the catalogue maps to one of
 * them by a hash of its entry id, so the mapping needs no column and never changes for an entry.
 */
export const MEDIA_CLIPS = ["clip-1", "clip-2", "clip-3"] as const;
export type MediaClip = (typeof MEDIA_CLIPS)[number];

/** FNV-1a (32 bit): small, stable across runtimes, well spread for short ids. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function clipForEntry(entryId: string): MediaClip {
  return MEDIA_CLIPS[fnv1a(entryId) % MEDIA_CLIPS.length] as MediaClip;
}
