import { n, type Rng } from "./random";
import { displayFont } from "./text";

const skins = ["#2b1d14", "#3a261a", "#4a3223"] as const;

/**
 * A player 'headshot': a backlit silhouette in the home shirt on the club colours,
 * with a large shirt number behind, the way club sites show squad photos.
 */
export function playerPortrait(W: number, H: number, rng: Rng): string {
  const unit = Math.min(W, H);
  const number = rng.int(1, 39);
  const cx = W * rng.range(0.46, 0.54);
  const r = unit * 0.13;
  const headY = H - unit * 0.64;
  const nb = headY + r * 1.6;
  const skin = rng.pick(skins);
  const angle = rng.range(-18, -8);
  return [
    `<defs>`,
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#13294b"/><stop offset=".6" stop-color="#0b1f3a"/><stop offset="1" stop-color="#050d1a"/></linearGradient>`,
    `<radialGradient id="spot" cx=".5" cy=".35" r=".6"><stop offset="0" stop-color="#3d6aa8" stop-opacity=".8"/><stop offset="1" stop-color="#3d6aa8" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="shirt" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#a50e24"/><stop offset=".45" stop-color="#d2122e"/><stop offset="1" stop-color="#7d0a1b"/></linearGradient>`,
    `<linearGradient id="rim" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset=".8" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#fff" stop-opacity=".7"/></linearGradient>`,
    `</defs>`,
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>`,
    `<path d="M${n(W * 0.55)} 0 H${W} V${H} H${n(W * 0.15)} Z" fill="#d2122e" opacity=".18" transform="rotate(${n(angle)} ${n(W / 2)} ${n(H / 2)})"/>`,
    `<rect width="${W}" height="${H}" fill="url(#spot)"/>`,
    `<text x="${n(W * 0.5)}" y="${n(H * 0.62)}" text-anchor="middle" font-family="${displayFont}" font-weight="900" font-size="${n(unit * 0.72)}" fill="none" stroke="#fff" stroke-opacity=".12" stroke-width="${n(unit * 0.008)}">${number}</text>`,
    // torso with sloping shoulders
    `<path d="M${n(cx - unit * 0.54)} ${n(H)} C${n(cx - unit * 0.52)} ${n(nb + unit * 0.16)} ${n(cx - unit * 0.44)} ${n(nb + unit * 0.07)} ${n(cx - unit * 0.3)} ${n(nb + unit * 0.045)} C${n(cx - unit * 0.16)} ${n(nb + unit * 0.02)} ${n(cx - r * 0.7)} ${n(nb)} ${n(cx - r * 0.55)} ${n(nb - unit * 0.01)} H${n(cx + r * 0.55)} C${n(cx + r * 0.7)} ${n(nb)} ${n(cx + unit * 0.16)} ${n(nb + unit * 0.02)} ${n(cx + unit * 0.3)} ${n(nb + unit * 0.045)} C${n(cx + unit * 0.44)} ${n(nb + unit * 0.07)} ${n(cx + unit * 0.52)} ${n(nb + unit * 0.16)} ${n(cx + unit * 0.54)} ${n(H)} Z" fill="url(#shirt)"/>`,
    // neck, then the collar over it
    `<path d="M${n(cx - r * 0.42)} ${n(headY + r * 0.55)} L${n(cx - r * 0.5)} ${n(nb)} L${n(cx)} ${n(nb + unit * 0.07)} L${n(cx + r * 0.5)} ${n(nb)} L${n(cx + r * 0.42)} ${n(headY + r * 0.55)} Z" fill="${skin}"/>`,
    `<path d="M${n(cx - r * 0.55)} ${n(nb - unit * 0.01)} L${n(cx)} ${n(nb + unit * 0.075)} L${n(cx + r * 0.55)} ${n(nb - unit * 0.01)}" fill="none" stroke="#fff" stroke-width="${n(unit * 0.016)}" stroke-linejoin="round"/>`,
    // head: ears, face, hair, rim light
    `<ellipse cx="${n(cx - r * 0.8)}" cy="${n(headY + r * 0.12)}" rx="${n(r * 0.15)}" ry="${n(r * 0.26)}" fill="${skin}"/>`,
    `<ellipse cx="${n(cx + r * 0.8)}" cy="${n(headY + r * 0.12)}" rx="${n(r * 0.15)}" ry="${n(r * 0.26)}" fill="${skin}"/>`,
    `<ellipse cx="${n(cx)}" cy="${n(headY)}" rx="${n(r * 0.8)}" ry="${n(r)}" fill="${skin}"/>`,
    `<path d="M${n(cx - r * 0.82)} ${n(headY - r * 0.05)} Q${n(cx - r * 0.92)} ${n(headY - r * 1.18)} ${n(cx)} ${n(headY - r * 1.12)} Q${n(cx + r * 0.92)} ${n(headY - r * 1.18)} ${n(cx + r * 0.82)} ${n(headY - r * 0.05)} Q${n(cx)} ${n(headY - r * 0.72)} ${n(cx - r * 0.82)} ${n(headY - r * 0.05)} Z" fill="#120c08"/>`,
    `<ellipse cx="${n(cx)}" cy="${n(headY)}" rx="${n(r * 0.8)}" ry="${n(r)}" fill="url(#rim)"/>`,
    // crest on the shirt
    `<circle cx="${n(cx + unit * 0.2)}" cy="${n(nb + unit * 0.17)}" r="${n(unit * 0.03)}" fill="#f2b632"/>`,
    `<rect y="${n(H * 0.86)}" width="${W}" height="${n(H * 0.14)}" fill="#000" opacity=".18"/>`,
  ].join("");
}
