import { awayKit, figure, roversKit, skinTone } from "./figure";
import { n, type Rng } from "./random";

/** What stands on the pitch: a match in play, a lined-up team, or an empty ground. */
export type SceneCast = "match" | "team" | "none";
/** Colour grade laid over the scene. */
export type SceneGrade = "none" | "dark" | "live" | "tint";

export interface SceneOptions {
  cast: SceneCast;
  grade: SceneGrade;
  tint?: string;
  /** Chance of a night match; the rest are dusk or day. */
  night?: number;
}

const skies = {
  night: ["#03070f", "#0a1a33", "#1f3f6e"],
  dusk: ["#0a1030", "#3b2b5e", "#d26a3c"],
  evening: ["#041226", "#11365f", "#5b8fbf"],
  day: ["#2b5f9e", "#6a9fd4", "#cfe2f3"],
} as const;

const crowdColours = ["#d2122e", "#f5f5f5", "#0b1f3a", "#a50e24", "#dfe5ee", "#2a3b55", "#d2122e", "#ffd0a0"] as const;

/**
 * A floodlit stadium seen from the touchline: sky, floodlights, a crowded stand with
 * glowing advertising boards, a striped pitch and (optionally) players. Every choice
 * (time of day, camera height, light positions, players) comes from the key's hash.
 * Drawn in real pixel coordinates so the composition adapts to any aspect ratio.
 */
export function stadiumScene(W: number, H: number, rng: Rng, options: SceneOptions): string {
  const nightChance = options.night ?? 0.55;
  const roll = rng.next();
  const timeOfDay = roll < nightChance ? "night" : roll < nightChance + 0.2 ? "dusk" : roll < nightChance + 0.35 ? "evening" : "day";
  const sky = skies[timeOfDay];
  const lit = timeOfDay !== "day";
  const portrait = H > W * 1.1;
  const horizon = H * rng.range(portrait ? 0.5 : 0.44, portrait ? 0.6 : 0.56);
  const standTop = horizon - H * rng.range(0.16, 0.24);
  const tilt = H * rng.range(-0.04, 0.04);
  const roofDepth = H * rng.range(0.035, 0.06);
  const unit = Math.min(W, H);

  const defs: string[] = [];
  const body: string[] = [];

  defs.push(
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset=".55" stop-color="${sky[1]}"/><stop offset="1" stop-color="${sky[2]}"/></linearGradient>`,
    `<radialGradient id="glow"><stop offset="0" stop-color="#fffbe8" stop-opacity="${lit ? 0.95 : 0.35}"/><stop offset=".18" stop-color="#fff4cc" stop-opacity="${lit ? 0.45 : 0.12}"/><stop offset="1" stop-color="#fff4cc" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="pitch" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lit ? "#1d5a2c" : "#2f7a3a"}"/><stop offset="1" stop-color="${lit ? "#2f8a3f" : "#4a9e47"}"/></linearGradient>`,
    `<linearGradient id="standShade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity=".75"/><stop offset=".5" stop-color="#000" stop-opacity=".35"/><stop offset="1" stop-color="#000" stop-opacity=".15"/></linearGradient>`,
    `<radialGradient id="vignette" cx=".5" cy=".5" r=".75"><stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".6"/></radialGradient>`,
    `<linearGradient id="boards" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#d2122e"/><stop offset=".3" stop-color="#ff3a52"/><stop offset=".5" stop-color="#0b1f3a"/><stop offset=".7" stop-color="#f2b632"/><stop offset="1" stop-color="#d2122e"/></linearGradient>`,
    `<filter id="soft" x="-5%" y="-5%" width="110%" height="110%"><feGaussianBlur stdDeviation="${n(unit * 0.0025)}"/></filter>`,
    `<filter id="dof" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${n(unit * 0.008)}"/></filter>`,
    `<filter id="grain" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency=".85" numOctaves="2" seed="${rng.int(1, 999)}" stitchTiles="stitch"/><feColorMatrix values="0 0 0 0 .5  0 0 0 0 .5  0 0 0 0 .5  0 0 0 .09 0"/></filter>`,
  );

  // crowd: a large tile of randomly coloured heads so the repetition is not obvious
  const tileW = Math.max(unit * 0.09, 24);
  const tileH = tileW * 0.55;
  const dots: string[] = [];
  const dotR = tileW * 0.045;
  for (let i = 0; i < 34; i++) {
    dots.push(`<circle cx="${n(rng.range(0, tileW))}" cy="${n(rng.range(0, tileH))}" r="${n(dotR * rng.range(0.8, 1.25))}" fill="${rng.pick(crowdColours)}"/>`);
  }
  defs.push(`<pattern id="crowd" width="${n(tileW)}" height="${n(tileH)}" patternUnits="userSpaceOnUse"><rect width="${n(tileW)}" height="${n(tileH)}" fill="#16202f"/>${dots.join("")}</pattern>`);

  body.push(`<rect width="${W}" height="${H}" fill="url(#sky)"/>`);

  // floodlight masts and their glow
  const lights = rng.int(2, 4);
  const glows: string[] = [];
  for (let i = 0; i < lights; i++) {
    const x = W * ((i + rng.range(0.25, 0.75)) / lights);
    const y = standTop - H * rng.range(0.14, 0.3);
    const r = Math.max(W, H) * rng.range(0.18, 0.3);
    const panelW = unit * 0.07;
    const panelH = unit * 0.03;
    body.push(
      `<path d="M${n(x)} ${n(y)} L${n(x + unit * 0.004)} ${n(standTop)}" stroke="#0a0f18" stroke-width="${n(unit * 0.006)}"/>`,
      `<rect x="${n(x - panelW / 2)}" y="${n(y - panelH / 2)}" width="${n(panelW)}" height="${n(panelH)}" rx="${n(panelH * 0.2)}" fill="${lit ? "#fffdf0" : "#c9d3de"}"/>`,
    );
    glows.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="url(#glow)"/>`);
  }

  // roof, stand and advertising boards, softened like a lens focused on the pitch
  const boardH = H * 0.028;
  const standBottom = horizon - boardH;
  body.push(
    `<g filter="url(#soft)">`,
    `<path d="M0 ${n(standTop - roofDepth + tilt)} L${W} ${n(standTop - roofDepth - tilt)} L${W} ${n(standTop - tilt)} L0 ${n(standTop + tilt)} Z" fill="#0b111b"/>`,
    `<path d="M0 ${n(standTop + tilt)} L${W} ${n(standTop - tilt)} L${W} ${n(standBottom)} L0 ${n(standBottom)} Z" fill="url(#crowd)"/>`,
    `<path d="M0 ${n(standTop + tilt)} L${W} ${n(standTop - tilt)} L${W} ${n(standBottom)} L0 ${n(standBottom)} Z" fill="url(#standShade)"/>`,
    `<path d="M0 ${n(standTop + tilt)} L${W} ${n(standTop - tilt)}" stroke="${lit ? "#fff6d6" : "#e8eef5"}" stroke-opacity=".55" stroke-width="${n(unit * 0.004)}"/>`,
    `<rect y="${n(standBottom)}" width="${W}" height="${n(boardH)}" fill="url(#boards)"/>`,
    `<rect y="${n(standBottom)}" width="${W}" height="${n(boardH * 0.3)}" fill="#fff" opacity=".25"/>`,
    `</g>`,
  );

  // pitch with mown stripes that widen towards the camera
  body.push(`<rect y="${n(horizon)}" width="${W}" height="${n(H - horizon)}" fill="url(#pitch)"/>`);
  const stripes = 9;
  for (let k = 0; k < stripes; k += 2) {
    const y0 = horizon + (H - horizon) * Math.pow(k / stripes, 1.5);
    const y1 = horizon + (H - horizon) * Math.pow((k + 1) / stripes, 1.5);
    body.push(`<rect y="${n(y0)}" width="${W}" height="${n(y1 - y0)}" fill="#ffffff" opacity=".05"/>`);
  }
  const line = Math.max(unit * 0.004, 1);
  const touch = horizon + (H - horizon) * 0.07;
  body.push(`<path d="M0 ${n(touch)} H${W}" stroke="#fff" stroke-opacity=".55" stroke-width="${n(line)}"/>`);
  if (rng.chance(0.6)) {
    const topX = W * rng.range(0.3, 0.7);
    const bottomX = topX + W * rng.range(-0.25, 0.25);
    const cy = touch + (H - touch) * 0.42;
    const cx = topX + (bottomX - topX) * ((cy - touch) / (H - touch));
    body.push(
      `<path d="M${n(topX)} ${n(touch)} L${n(bottomX)} ${n(H)}" stroke="#fff" stroke-opacity=".5" stroke-width="${n(line)}"/>`,
      `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(W * 0.2)}" ry="${n((H - touch) * 0.2)}" fill="none" stroke="#fff" stroke-opacity=".45" stroke-width="${n(line)}"/>`,
    );
  }

  // players
  if (options.cast === "match") body.push(matchPlayers(W, H, horizon, touch, rng));
  if (options.cast === "team") body.push(teamLineUp(W, H, horizon, rng));

  // light: floodlight bloom, haze, colour grade, vignette and grain
  body.push(`<g style="mix-blend-mode:screen">${glows.join("")}</g>`);
  if (options.grade === "dark") {
    defs.push(`<linearGradient id="grade" x1="0" y1="0" x2="0" y2="1"><stop offset=".4" stop-color="#020611" stop-opacity=".1"/><stop offset="1" stop-color="#020611" stop-opacity=".65"/></linearGradient>`);
    body.push(`<rect width="${W}" height="${H}" fill="url(#grade)"/>`);
  } else if (options.grade === "live") {
    body.push(`<rect width="${W}" height="${H}" fill="#d2122e" opacity=".22" style="mix-blend-mode:multiply"/>`);
  } else if (options.grade === "tint") {
    defs.push(`<linearGradient id="duo" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="#0b1f3a" stop-opacity=".9"/><stop offset="1" stop-color="${options.tint ?? "#d2122e"}" stop-opacity=".55"/></linearGradient>`);
    body.push(`<rect width="${W}" height="${H}" fill="url(#duo)"/>`);
  }
  body.push(`<rect width="${W}" height="${H}" fill="url(#vignette)"/>`);
  body.push(`<rect width="${W}" height="${H}" filter="url(#grain)"/>`);

  return `<defs>${defs.join("")}</defs>${body.join("")}`;
}

function matchPlayers(W: number, H: number, horizon: number, touch: number, rng: Rng): string {
  const away = awayKit(rng);
  const out: string[] = [];
  const count = rng.int(3, 6);
  const depthSpan = H - touch;
  const players: { x: number; y: number; size: number; kit: typeof away }[] = [];
  for (let i = 0; i < count; i++) {
    const depth = rng.range(0.08, 0.6);
    const y = touch + depthSpan * depth;
    const size = (H - horizon) * (0.2 + depth * 0.55);
    players.push({ x: W * rng.range(0.08, 0.92), y, size, kit: rng.chance(0.5) ? roversKit : away });
  }
  players.sort((a, b) => a.y - b.y);
  for (const p of players) out.push(figure(p.x, p.y, p.size, p.kit, rng.range(-1, 1), skinTone(rng)));
  const ball = players[players.length - 1];
  if (ball) {
    const r = Math.max(ball.size * 0.035, 2);
    out.push(`<circle cx="${n(ball.x + ball.size * 0.25)}" cy="${n(ball.y - r)}" r="${n(r)}" fill="#fff"/>`);
  }
  // a near player out of focus gives depth, like a long lens at pitch level
  if (rng.chance(0.4)) {
    const size = H * rng.range(0.7, 0.9);
    const x = rng.chance(0.5) ? W * rng.range(-0.02, 0.06) : W * rng.range(0.94, 1.02);
    out.push(`<g filter="url(#dof)" opacity=".85">${figure(x, H + size * 0.15, size, rng.chance(0.6) ? roversKit : away, rng.range(-0.6, 0.6), skinTone(rng))}</g>`);
  }
  return out.join("");
}

function teamLineUp(W: number, H: number, horizon: number, rng: Rng): string {
  const count = W > H * 1.4 ? 9 : 6;
  const size = Math.min((H - horizon) * 0.95, (W / count) * 2.6);
  const baseY = H - (H - horizon) * 0.12;
  const out: string[] = [];
  for (let row = 0; row < 2; row++) {
    const rowCount = row === 0 ? count - 1 : count;
    const rowSize = row === 0 ? size * 0.92 : size;
    const y = row === 0 ? baseY - size * 0.22 : baseY;
    for (let i = 0; i < rowCount; i++) {
      const x = W * ((i + 0.5) / rowCount) * 0.86 + W * 0.07;
      out.push(figure(x, y, rowSize, roversKit, 0.05, skinTone(rng)));
    }
  }
  return out.join("");
}
