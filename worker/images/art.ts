import { banner } from "./banner";
import { opponentCrest, roversCrest, sponsorWordmark } from "./marks";
import { playerPortrait } from "./portrait";
import { hashKey, seededRng } from "./random";
import { stadiumScene } from "./scene";

export const imageKinds = [
  "crest",
  "news",
  "player",
  "team",
  "sponsor",
  "advert",
  "promo",
  "video",
  "category",
  "page",
  "package",
  "opponent",
  "live",
] as const;
export type ImageKind = (typeof imageKinds)[number];

const categoryTints = ["#d2122e", "#1f3f6e", "#a50e24", "#2b6cb0", "#13294b"] as const;

/**
 * The generated picture for an image key '{kind}-{rest}'. Unknown kinds fall back to a
 * stadium scene, so a typo in seed data still shows an image rather than a broken one.
 * Pure: the same (key, w, h) always gives the same SVG.
 */
export function renderArt(key: string, W: number, H: number): string {
  const dash = key.indexOf("-");
  const kind = dash > 0 ? key.slice(0, dash) : key;
  const rest = dash > 0 ? key.slice(dash + 1) : "";
  const rng = seededRng(hashKey(key));
  let inner: string;
  // kind is any text of the key (a URL's), not an ImageKind: the default case takes the rest.
  switch (kind) {
    case "crest":
      inner = roversCrest(W, H);
      break;
    // 'club-crest' names the club's own crest too (used by the pages)
    case "club":
      inner = rest.includes("crest") ? roversCrest(W, H) : stadiumScene(W, H, rng, { cast: "match", grade: "none" });
      break;
    case "opponent":
      inner = opponentCrest(W, H, rest, rng);
      break;
    case "sponsor":
      inner = sponsorWordmark(W, H, rest, rng);
      break;
    case "player":
      inner = playerPortrait(W, H, rng);
      break;
    case "team":
      inner = stadiumScene(W, H, rng, { cast: "team", grade: "none", night: 0.3 });
      break;
    case "video":
      inner = stadiumScene(W, H, rng, { cast: "match", grade: "dark" });
      break;
    case "live":
      inner = stadiumScene(W, H, rng, { cast: "match", grade: "live", night: 1 });
      break;
    case "category":
      inner = stadiumScene(W, H, rng, { cast: rng.chance(0.5) ? "match" : "none", grade: "tint", tint: rng.pick(categoryTints) });
      break;
    case "page":
      inner = stadiumScene(W, H, rng, { cast: "none", grade: "none", night: 0.4 });
      break;
    case "advert":
    case "promo":
    case "package":
      inner = banner(W, H, kind, rest, rng);
      break;
    case "news":
    default:
      inner = stadiumScene(W, H, rng, { cast: "match", grade: "none" });
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice">${inner}</svg>`;
}
