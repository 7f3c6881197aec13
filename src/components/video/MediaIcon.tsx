import Icon from "../Icon";

const ICONS = { padlock: "padlock", play: "play", headphones: "audio", live: "live" } as const;

/** The media glyphs the cards and players use, drawn by the shared Icon in currentColor. */
export function MediaIcon({ name }: { name: keyof typeof ICONS }) {
  return <Icon name={ICONS[name]} size={20} className="media-icon" />;
}
