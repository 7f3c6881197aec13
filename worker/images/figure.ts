import { n, type Rng } from "./random";

export interface Kit {
  shirt: string;
  shorts: string;
  socks: string;
}

export const roversKit: Kit = { shirt: "#d2122e", shorts: "#ffffff", socks: "#d2122e" };

const awayKits: readonly Kit[] = [
  { shirt: "#f4f4f4", shorts: "#1b1b1b", socks: "#f4f4f4" },
  { shirt: "#f2b632", shorts: "#111827", socks: "#f2b632" },
  { shirt: "#1c64f2", shorts: "#ffffff", socks: "#1c64f2" },
  { shirt: "#0f8a5f", shorts: "#ffffff", socks: "#0f8a5f" },
  { shirt: "#6b21a8", shorts: "#ffffff", socks: "#6b21a8" },
];

export function awayKit(rng: Rng): Kit {
  return rng.pick(awayKits);
}

/**
 * A footballer seen from the side of the pitch, feet at (x, feetY), `height` tall.
 * Built from simple shapes so it reads well from thumbnail to hero size.
 * `stride` (-1..1) swings the legs and arms for a running pose.
 */
export function figure(x: number, feetY: number, height: number, kit: Kit, stride: number, skin: string): string {
  const h = height;
  const hipY = feetY - h * 0.47;
  const shoulderY = feetY - h * 0.8;
  const headR = h * 0.075;
  const headY = shoulderY - headR * 1.25;
  const legW = h * 0.075;
  const sw = stride * h * 0.16;
  const armSw = -stride * h * 0.14;
  const parts: string[] = [];
  // shadow on the grass
  parts.push(`<ellipse cx="${n(x)}" cy="${n(feetY)}" rx="${n(h * 0.2)}" ry="${n(h * 0.035)}" fill="#000" opacity=".35"/>`);
  // legs: socks below the knee, skin above
  const kneeY = feetY - h * 0.24;
  for (const dir of [1, -1]) {
    const footX = x + dir * sw;
    const kneeX = x + dir * sw * 0.55;
    parts.push(
      `<path d="M${n(x + dir * h * 0.03)} ${n(hipY)} L${n(kneeX)} ${n(kneeY)}" stroke="${skin}" stroke-width="${n(legW)}" stroke-linecap="round"/>`,
      `<path d="M${n(kneeX)} ${n(kneeY)} L${n(footX)} ${n(feetY - legW * 0.6)}" stroke="${kit.socks}" stroke-width="${n(legW)}" stroke-linecap="round"/>`,
      `<path d="M${n(footX - legW * 0.4)} ${n(feetY - legW * 0.3)} h${n(legW * 1.5)}" stroke="#111" stroke-width="${n(legW * 0.7)}" stroke-linecap="round"/>`,
    );
  }
  // shorts
  parts.push(
    `<path d="M${n(x - h * 0.1)} ${n(hipY - h * 0.08)} H${n(x + h * 0.1)} L${n(x + h * 0.115)} ${n(hipY + h * 0.06)} H${n(x - h * 0.115)} Z" fill="${kit.shorts}"/>`,
  );
  // arms behind and in front of the torso
  const arm = (dir: number): string =>
    `<path d="M${n(x + dir * h * 0.1)} ${n(shoulderY + h * 0.03)} L${n(x + dir * h * 0.13 + armSw * dir)} ${n(shoulderY + h * 0.2)} L${n(x + dir * h * 0.12 + armSw * dir * 1.3)} ${n(shoulderY + h * 0.33)}" fill="none" stroke="${skin}" stroke-width="${n(h * 0.055)}" stroke-linecap="round" stroke-linejoin="round"/>`;
  parts.push(arm(-1));
  // torso (shirt) with sleeves
  parts.push(
    `<path d="M${n(x - h * 0.13)} ${n(shoulderY + h * 0.02)} Q${n(x)} ${n(shoulderY - h * 0.04)} ${n(x + h * 0.13)} ${n(shoulderY + h * 0.02)} L${n(x + h * 0.11)} ${n(hipY - h * 0.06)} H${n(x - h * 0.11)} Z" fill="${kit.shirt}"/>`,
  );
  parts.push(arm(1));
  // neck and head
  parts.push(
    `<rect x="${n(x - h * 0.025)}" y="${n(headY + headR * 0.6)}" width="${n(h * 0.05)}" height="${n(headR * 1.1)}" fill="${skin}"/>`,
    `<circle cx="${n(x)}" cy="${n(headY)}" r="${n(headR)}" fill="${skin}"/>`,
    `<path d="M${n(x - headR)} ${n(headY - headR * 0.1)} A${n(headR)} ${n(headR)} 0 0 1 ${n(x + headR)} ${n(headY - headR * 0.1)} Q${n(x)} ${n(headY - headR * 0.55)} ${n(x - headR)} ${n(headY - headR * 0.1)} Z" fill="#1a1410"/>`,
  );
  return `<g>${parts.join("")}</g>`;
}

const skins = ["#8d5524", "#c68642", "#e0ac69", "#f1c27d", "#5c3a1e", "#a0673a"] as const;

export function skinTone(rng: Rng): string {
  return rng.pick(skins);
}
