/**
 * Spec §9 'Streaming provider configuration holds … default live entry ids for video and audio':
 * /live/{mediaType} without an asset id plays that type's default entry. The ids are web settings
 * the club changes through the admin settings API (`PUT /api/admin/settings/live.defaultEntry.audio`).
 */
export const LIVE_MEDIA_TYPES = ["audio", "video"] as const;
export type LiveMediaType = (typeof LIVE_MEDIA_TYPES)[number];

export const DEFAULT_LIVE_ENTRY_SETTING: Record<LiveMediaType, string> = {
  audio: "live.defaultEntry.audio",
  video: "live.defaultEntry.video",
};

/** What the rule needs of a live asset. */
interface LiveEntryFacts {
  id: string;
  mediaType: string;
  status: string;
}

/**
 * The default live entry of a type: the configured asset when it is of that type and not disabled;
 * otherwise (no setting, an id that names nothing, another type's or a retired asset) the first
 * listed asset of the type that is not disabled, so a stale setting never leaves the page empty.
 * `assets` are in listing order.
 */
export function defaultLiveEntry<T extends LiveEntryFacts>(assets: readonly T[], mediaType: LiveMediaType, configuredId: string | null | undefined): T | undefined {
  const playable = assets.filter((a) => a.mediaType === mediaType && a.status !== "disabled");
  return playable.find((a) => a.id === configuredId?.trim()) ?? playable[0];
}
