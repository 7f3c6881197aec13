import { crestAt } from "./marks";
import { n, type Rng } from "./random";
import { stadiumScene } from "./scene";
import { balancedLines, displayFont, fitFontSize, longestLine, wordsFromKey } from "./text";
import { xmlText } from "../../src/domain/xml-text";

export type BannerKind = "advert" | "promo" | "package";

/** A package's art has no words (see below), so no call to action either. */
const callToAction: Record<Exclude<BannerKind, "package">, string> = {
  advert: "FIND OUT MORE",
  promo: "DON'T MISS OUT",
};

/** Campaign refs use the club's short forms ('hosp-1884', 'st-2025'); banners spell them out. */
const shortForms: Record<string, string> = {
  RTV: "ROVERS TV",
  HOSP: "HOSPITALITY",
  ST: "SEASON TICKETS",
  HARB: "HARBOURLINE",
  BREW: "BREWHOUSE",
  XMAS: "CHRISTMAS",
  IRON: "IRONWORKS",
  APP: "THE ROVERS APP",
};

function expandShortForms(text: string): string {
  return text
    .split(" ")
    .map((word) => shortForms[word] ?? word)
    .join(" ");
}

/** A headline on one line when short, else on two balanced ones. */
function lines(text: string): string[] {
  return text.split(" ").length < 3 && text.length < 16 ? [text] : balancedLines(text);
}

/**
 * A campaign banner (advert, overlay promo, TV package): a darkened stadium photo,
 * a club-red slash, the crest, a headline taken from the key and a call to action.
 * Wide sizes set the text beside the button; square and tall ones stack them.
 */
export function banner(W: number, H: number, kind: BannerKind, rest: string, rng: Rng): string {
  // adverts come in -mobile and -desktop variants of the same artwork
  const headline = expandShortForms(wordsFromKey(rest.replace(/-(mobile|desktop)$/, ""))) || "NORTHBRIDGE ROVERS";
  const unit = Math.min(W, H);
  const wide = W / H >= 1.9;
  const pad = unit * (wide ? 0.16 : 0.08);
  const headLines = lines(headline);
  const longest = longestLine(headLines);
  const textAreaW = wide ? W * 0.55 : W - pad * 2;
  const fontSize = fitFontSize(longest, textAreaW, wide ? H * 0.3 : H * 0.13, 0.62);
  const lineH = fontSize * 0.98;
  const crestH = wide ? H * 0.6 : unit * 0.16;
  const crestScale = crestH / 120;

  const parts: string[] = [stadiumScene(W, H, rng, { cast: kind === "package" ? "none" : "match", grade: "dark", night: 0.8 })];
  parts.push(
    `<defs><linearGradient id="fade" x1="0" y1="0" x2="${wide ? 1 : 0}" y2="${wide ? 0 : 1}"><stop offset="0" stop-color="#0b1f3a" stop-opacity="${wide ? 0.96 : 0.35}"/><stop offset="${wide ? 0.6 : 0.45}" stop-color="#0b1f3a" stop-opacity="${wide ? 0.75 : 0.55}"/><stop offset="1" stop-color="#0b1f3a" stop-opacity="${wide ? 0.2 : 0.95}"/></linearGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#fade)"/>`,
  );
  const slashX = wide ? W * 0.7 : W * 0.78;
  parts.push(`<path d="M${n(slashX)} 0 H${n(slashX + unit * 0.12)} L${n(slashX - unit * 0.18)} ${H} H${n(slashX - unit * 0.3)} Z" fill="#d2122e" opacity=".9"/>`);
  parts.push(`<path d="M${n(slashX + unit * 0.17)} 0 H${n(slashX + unit * 0.2)} L${n(slashX - unit * 0.1)} ${H} H${n(slashX - unit * 0.13)} Z" fill="#f2b632"/>`);

  // A package's card sets its own title over this art in text, so the art carries no words (nor
  // crest) of its own: a headline made from the key spelled the product wrongly ('ROVERSTV PLUS') and its
  // painted 'WATCH NOW' looked like a button that was not one.
  if (kind === "package") return parts.join("");
  const cta = callToAction[kind];
  const ctaSize = Math.max(Math.min(fontSize * 0.34, unit * 0.07), 7);
  const ctaW = cta.length * ctaSize * 0.62 + ctaSize * 2.4;
  const ctaH = ctaSize * 2.5;
  if (wide) {
    const crestX = pad * 0.6;
    parts.push(crestAt(crestX, (H - crestH) / 2, crestScale));
    const textX = crestX + crestH * 0.83 + pad * 0.5;
    const top = H / 2 - (headLines.length * lineH) / 2 + fontSize * 0.8;
    headLines.forEach((line, i) => {
      parts.push(`<text x="${n(textX)}" y="${n(top + i * lineH)}" font-family="${displayFont}" font-weight="900" font-size="${n(fontSize)}" fill="#fff">${xmlText(line)}</text>`);
    });
    const ctaX = W - pad * 0.6 - ctaW;
    parts.push(pill(ctaX, (H - ctaH) / 2, ctaW, ctaH, ctaSize, cta));
  } else {
    parts.push(crestAt(pad, pad, crestScale));
    const bottom = H - pad - ctaH - pad * 0.5;
    const top = bottom - (headLines.length - 1) * lineH;
    headLines.forEach((line, i) => {
      parts.push(`<text x="${n(pad)}" y="${n(top + i * lineH)}" font-family="${displayFont}" font-weight="900" font-size="${n(fontSize)}" fill="#fff">${xmlText(line)}</text>`);
    });
    parts.push(`<rect x="${n(pad)}" y="${n(top - fontSize * 1.05)}" width="${n(unit * 0.12)}" height="${n(unit * 0.012)}" fill="#f2b632"/>`);
    parts.push(pill(pad, H - pad - ctaH, ctaW, ctaH, ctaSize, cta));
  }
  return parts.join("");
}

function pill(x: number, y: number, w: number, h: number, size: number, label: string): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(h / 2)}" fill="#d2122e"/><text x="${n(x + w / 2)}" y="${n(y + h / 2 + size * 0.36)}" text-anchor="middle" font-family="${displayFont}" font-weight="800" font-size="${n(size)}" fill="#fff" letter-spacing="${n(size * 0.08)}">${xmlText(label)}</text>`;
}
