/**
 * The picture of a video made from sound alone (a live audio event's replay, an audio-only
 * upload): the on-demand ladder, its players and the catalogue are made for a picture, so the
 * transcoder draws a still card (the club's colours, the club's name, the video's title) and loops
 * it for the sound's length. The picture never moves, so it is encoded at a low frame rate, in two
 * small renditions at tiny bit rates: the cost of the video stays a fraction of the audio's. Pure;
 * the transcoder (transcoder/ffmpeg.ts) runs the filters.
 */
import { club } from "../config/club";
import { LADDER, type PlannedRendition } from "./video-ladder";

/** The card's size: 16:9 like the rest of the catalogue, so posters and tiles line up. */
export const CARD_WIDTH = 1280;
export const CARD_HEIGHT = 720;

/** Frames a second of the looped card: one every half second keeps every 4 s segment's keyframe on a frame. */
export const CARD_FPS = 2;

/** The font the card's text is drawn in: Debian's fonts-dejavu-core (scripts/ensure-ffmpeg.sh installs it). */
export const CARD_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";

/** The title's lines: at most this many, this many characters each (60 px bold fits 34 across 1280 px, with a margin). */
export const CARD_TITLE_LINES = 3;
export const CARD_LINE_CHARS = 30;

/**
 * The renditions of a still: the ladder's 720p and 360p (a player on a small or slow screen takes
 * the small one) at bit rates a still picture needs: an I-frame each segment and nothing after it.
 */
export const STILL_RUNGS: readonly PlannedRendition[] = (["720p", "360p"] as const).map((name) => {
  const rung = LADDER.find((r) => r.name === name)!;
  const small = name === "360p";
  return { ...rung, width: (rung.height * 16) / 9, videoKbps: small ? 60 : 150, maxKbps: small ? 120 : 300 };
});

/**
 * The title cut into lines of at most CARD_LINE_CHARS, on spaces where it can be (a word longer
 * than a line is cut), at most CARD_TITLE_LINES of them, the last ending in '…' when the title is
 * longer. Control characters become spaces: each line is drawn as it is.
 */
export function cardLines(title: string, chars = CARD_LINE_CHARS, maxLines = CARD_TITLE_LINES): string[] {
  const words = title.replace(/[\p{Cc}\p{Cf}]/gu, " ").split(/\s+/).filter(Boolean).flatMap((w) => (w.length > chars ? (w.match(new RegExp(`.{1,${chars}}`, "gu")) ?? []) : [w]));
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last]!.length + 1 + word.length <= chars) lines[last] = `${lines[last]} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= maxLines) return lines.length > 0 ? lines : [club.tvName];
  const kept = lines.slice(0, maxLines);
  const end = kept[maxLines - 1]!;
  kept[maxLines - 1] = `${end.length >= chars ? end.slice(0, chars - 1).trimEnd() : end}…`;
  return kept;
}

/** ffmpeg's colour syntax for a CSS hex colour. */
const ffColour = (hex: string) => `0x${hex.replace(/^#/, "")}`;

/** The texts the card draws, each from its own file (so no text needs escaping inside the filter). */
export function cardTexts(title: string): { role: "club" | "title" | "service"; text: string }[] {
  return [
    { role: "club", text: club.name.toUpperCase() },
    ...cardLines(title).map((text) => ({ role: "title" as const, text })),
    { role: "service", text: `${club.tvName.toUpperCase()}  ·  AUDIO` },
  ];
}

/**
 * The filter that draws the card on a frame of CARD_WIDTH × CARD_HEIGHT: the club's navy, a red
 * band along the foot edged in gold, the club's name in gold above, the title's lines centred in
 * white, the service's name on the band. `files[i]` holds cardTexts(title)[i]'s text.
 */
export function cardFilter(title: string, files: readonly string[], font = CARD_FONT): string {
  const { navy, red, gold, white } = club.colours;
  const texts = cardTexts(title);
  const titles = texts.filter((t) => t.role === "title").length;
  const lineHeight = 76;
  const firstTitleY = Math.round(CARD_HEIGHT / 2 - 40 - (titles * lineHeight) / 2);
  let titleIndex = 0;
  const draws = texts.map((t, i) => {
    const common = `drawtext=fontfile=${font}:expansion=none:textfile=${files[i]}:x=(w-text_w)/2`;
    if (t.role === "club") return `${common}:fontcolor=${ffColour(gold)}:fontsize=34:y=90`;
    if (t.role === "service") return `${common}:fontcolor=${ffColour(white)}:fontsize=28:y=h-52`;
    return `${common}:fontcolor=${ffColour(white)}:fontsize=60:y=${firstTitleY + lineHeight * titleIndex++}`;
  });
  return [
    `color=c=${ffColour(navy)}:s=${CARD_WIDTH}x${CARD_HEIGHT}:d=1`,
    `drawbox=x=0:y=ih-80:w=iw:h=8:color=${ffColour(gold)}:t=fill`,
    `drawbox=x=0:y=ih-72:w=iw:h=72:color=${ffColour(red)}:t=fill`,
    ...draws,
  ].join(",");
}
