/**
 * The named icon set (spec §2 'Shared widgets': social, match, ticket, audio, video, arrows…).
 * Each icon is drawn on a 24 x 24 grid, either stroked (outline icons, 2 px, round joins)
 * or filled (brand marks and solid symbols). Shirt styles are drawn in icon-sprite.ts because
 * they need a clip path. All of them reach the page as symbols of the icon sprite.
 */
import type { ShapeIconName } from "./icon-names";

export type { ShapeIconName, ShirtIconName } from "./icon-names";
export { shirtIcons } from "./icon-names";

export interface IconShape {
  /** "stroke": outline drawn with currentColor; "fill": solid shapes in currentColor */
  mode: "stroke" | "fill";
  paths: readonly string[];
  /** even-odd filling, for marks with holes (YouTube's play cut-out) */
  evenOdd?: boolean;
}

const stroke = (...paths: string[]): IconShape => ({ mode: "stroke", paths });
const fill = (...paths: string[]): IconShape => ({ mode: "fill", paths });

export const iconShapes = {
  // social
  facebook: fill("M13.5 21v-7.5h2.6l.4-3.1h-3V8.5c0-.9.3-1.5 1.6-1.5h1.6V4.2c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.3H7.9v3.1h2.6V21z"),
  x: fill("M4 3.5h4.7l11.3 17H15.3z", "M18.9 3.5h-2.1l-5.1 5.9 1.1 1.6zM5.2 20.5h2.1l5.3-6.1-1.1-1.6z"),
  threads: stroke(
    "M18.6 7.8C17.4 5 15 3.5 12 3.5 7.3 3.5 4.3 7 4.3 12s3 8.5 7.9 8.5c3.6 0 6.6-2.1 6.6-5.3 0-2.7-2.2-4.2-5.2-4.2-2.4 0-3.9 1.2-3.9 2.8 0 1.5 1.3 2.5 3 2.5 2.5 0 3.8-1.9 3.8-4.9 0-2.4-1.3-3.9-3.5-3.9-1.4 0-2.5.6-3.2 1.6",
  ),
  instagram: stroke("M7.5 3h9A4.5 4.5 0 0 1 21 7.5v9a4.5 4.5 0 0 1-4.5 4.5h-9A4.5 4.5 0 0 1 3 16.5v-9A4.5 4.5 0 0 1 7.5 3z", "M12 8.2a3.8 3.8 0 1 1 0 7.6 3.8 3.8 0 0 1 0-7.6z", "M17.2 6.8h.01"),
  youtube: {
    mode: "fill",
    evenOdd: true,
    paths: [
      "M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8zM10 15V9l5.2 3z",
    ],
  },
  tiktok: fill(
    "M16.4 3c.3 2.3 1.8 3.8 4.1 4v3.2c-1.5 0-2.9-.4-4.1-1.2v5.8c0 3.4-2.6 6.1-6 6.1s-6-2.7-6-6 2.7-6 6-6c.3 0 .7 0 1 .1v3.3a2.8 2.8 0 0 0-1-.2 2.8 2.8 0 1 0 2.9 2.8V3z",
  ),
  mail: stroke("M3.5 5.5h17v13h-17z", "M3.5 6l8.5 7 8.5-7"),
  phone: stroke("M6.6 3.5 9 3.8l1.2 4-1.9 1.5a12 12 0 0 0 6.4 6.4l1.5-1.9 4 1.2.3 2.4c.1 1-1 2.6-2.9 2.6C10.8 20 4 13.2 4 6.4c0-1.9 1.6-3 2.6-2.9z"),
  share: stroke("M18 8a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM6 14.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM18 21a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z", "M8.2 13.3l7.6 4.4M15.8 6.3l-7.6 4.4"),

  // arrows and chevrons
  "arrow-right": stroke("M4 12h16", "M14 6l6 6-6 6"),
  "arrow-left": stroke("M20 12H4", "M10 6l-6 6 6 6"),
  "arrow-up": stroke("M12 20V4", "M6 10l6-6 6 6"),
  "arrow-down": stroke("M12 4v16", "M6 14l6 6 6-6"),
  "chevron-right": stroke("M9 5l7 7-7 7"),
  "chevron-left": stroke("M15 5l-7 7 7 7"),
  "chevron-down": stroke("M5 9l7 7 7-7"),
  "chevron-up": stroke("M5 15l7-7 7 7"),
  external: stroke("M14 4h6v6", "M20 4l-9 9", "M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"),

  // interface
  search: stroke("M10.5 4a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13z", "M15.5 15.5 21 21"),
  user: stroke("M12 3.5a4 4 0 1 1 0 8 4 4 0 0 1 0-8z", "M4 20.5c.8-4 4-6 8-6s7.2 2 8 6"),
  close: stroke("M5 5l14 14M19 5 5 19"),
  burger: stroke("M3 6h18M3 12h18M3 18h18"),
  plus: stroke("M12 4v16M4 12h16"),
  minus: stroke("M4 12h16"),
  check: stroke("M4 12.5l5 5L20 6.5"),
  info: stroke("M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18z", "M12 11v6", "M12 7.5h.01"),
  alert: stroke("M12 3.5 21.5 20h-19z", "M12 10v4.5", "M12 17.5h.01"),
  filter: stroke("M3.5 5h17l-6.5 8v6l-4-2v-4z"),
  grid: stroke("M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z"),
  list: stroke("M8 6h13M8 12h13M8 18h13M3.5 6h.01M3.5 12h.01M3.5 18h.01"),
  refresh: stroke("M20 11a8 8 0 1 0-2.3 5.7", "M20 4v7h-7"),
  download: stroke("M12 4v11", "M7 10l5 5 5-5", "M4 20h16"),
  home: stroke("M3.5 11 12 4l8.5 7", "M5.5 9.5V20h13V9.5"),
  location: stroke("M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z", "M12 7a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5z"),
  clock: stroke("M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18z", "M12 7v5l3.5 2"),
  calendar: stroke("M4 6h16v14H4z", "M4 10h16", "M8 3.5v4M16 3.5v4"),
  padlock: stroke("M5.5 10.5h13v10h-13z", "M8 10.5V7.5a4 4 0 0 1 8 0v3", "M12 14.5v2.5"),
  unlocked: stroke("M5.5 10.5h13v10h-13z", "M8 10.5V7.5a4 4 0 0 1 7.8-1.2", "M12 14.5v2.5"),
  star: fill("M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z"),
  news: stroke("M4 5h13v14H6a2 2 0 0 1-2-2z", "M17 9h3v8a2 2 0 0 1-2 2h-1", "M7.5 8.5h6M7.5 12h6M7.5 15.5h4"),
  shop: stroke("M5 8h14l-1 12.5H6z", "M9 8V6.5a3 3 0 0 1 6 0V8"),
  hospitality: stroke("M7 3.5h10l-.8 5.5a4.2 4.2 0 0 1-8.4 0z", "M12 13.2V20", "M8 20.5h8"),

  // match
  ball: stroke(
    "M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18z",
    "M12 7.5l3.8 2.8-1.5 4.4H9.7l-1.5-4.4z",
    "M12 7.5V3.2M15.8 10.3l4-1.6M14.3 14.7l2.6 3.7M9.7 14.7l-2.6 3.7M8.2 10.3l-4-1.6",
  ),
  whistle: stroke("M8.5 8.5H21v4h-6.6A5.5 5.5 0 1 1 8.5 8.5z", "M8.5 12.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3z", "M4.5 8 6.5 10"),
  trophy: stroke("M7.5 4h9v5a4.5 4.5 0 0 1-9 0z", "M7.5 5.5H4.5v1.5a3 3 0 0 0 3 3M16.5 5.5h3v1.5a3 3 0 0 1-3 3", "M12 13.5V17M8.5 20.5h7l-.8-3.5h-5.4z"),
  stadium: stroke("M3 9c2.5-2 5.5-3 9-3s6.5 1 9 3v8.5c-2.5 1.5-5.5 2.5-9 2.5s-6.5-1-9-2.5z", "M3 12.5c2.5 1.5 5.5 2.2 9 2.2s6.5-.7 9-2.2"),
  goal: stroke("M3 19V6h18v13", "M3 10h18M3 14h18M8 6v13M13 6v13M18 6v13"),
  substitution: stroke("M7 20V5", "M3.5 8.5 7 5l3.5 3.5", "M17 4v15", "M20.5 15.5 17 19l-3.5-3.5"),
  card: fill("M7 3h10a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1z"),
  ticket: stroke("M3.5 7.5h17v3a1.5 1.5 0 0 0 0 3v3h-17v-3a1.5 1.5 0 0 0 0-3z", "M14.5 9v1.5M14.5 13.5V15"),

  // media
  play: fill("M7 4.5v15l12.5-7.5z"),
  pause: fill("M6.5 4.5h4v15h-4zM13.5 4.5h4v15h-4z"),
  "play-circle": stroke("M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18z", "M10 8.5v7l5.5-3.5z"),
  video: stroke("M3.5 6.5h12v11h-12z", "M15.5 10.5l5-3v9l-5-3"),
  audio: stroke("M4 14v-2a8 8 0 0 1 16 0v2", "M4 14h3.5v6H5a1 1 0 0 1-1-1zM20 14h-3.5v6H19a1 1 0 0 0 1-1z"),
  tv: stroke("M3.5 6.5h17v11h-17z", "M8.5 21h7", "M8 3l4 3.5L16 3"),
  live: stroke("M12 10.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3z", "M8.2 8.2a5.4 5.4 0 0 0 0 7.6M15.8 8.2a5.4 5.4 0 0 1 0 7.6", "M5.4 5.4a9.3 9.3 0 0 0 0 13.2M18.6 5.4a9.3 9.3 0 0 1 0 13.2"),
  volume: stroke("M4 9.5h3.5L12 5.5v13l-4.5-4H4z", "M15.5 9a4.2 4.2 0 0 1 0 6M18 6.5a7.8 7.8 0 0 1 0 11"),
  mute: stroke("M4 9.5h3.5L12 5.5v13l-4.5-4H4z", "M16 9.5l5 5M21 9.5l-5 5"),
  fullscreen: stroke("M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5"),
} as const satisfies Record<ShapeIconName, IconShape>;

