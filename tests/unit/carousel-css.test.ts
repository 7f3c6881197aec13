import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CAROUSEL_STEPS, CAROUSEL_TYPES, carouselPerView } from "../../src/domain/carousel-per-view";

/**
 * The feed carousels are laid out by its stylesheet's media queries (no script before the first
 * paint), so they must say what the rule of spec §9 says: this reads them back.
 */
const css = readFileSync(path.join(import.meta.dirname, "../../src/styles/pages/videos/carousel.css"), "utf8");

/** [min width, per view] of one type, as the stylesheet writes them. */
function stylesheetSteps(type: string): Array<[number, number]> {
  const steps: Array<[number, number]> = [];
  const media = /@media \(min-width: (\d+)px\) \{\s*\.carousel\[data-type="([\w-]+)"\] \{ --per-view: (\d+); \}\s*\}/g;
  for (const [, width, t, perView] of css.matchAll(media)) if (t === type) steps.push([Number(width), Number(perView)]);
  return steps.sort((a, b) => b[0] - a[0]);
}

/** The per-view count the stylesheet gives a viewport width. */
function stylesheetPerView(type: string, width: number): number {
  return stylesheetSteps(type).find(([min]) => width >= min)?.[1] ?? 1;
}

describe("carousel stylesheet", () => {
  it.each(CAROUSEL_TYPES)("%s: the media queries are the rule's steps", (type) => {
    expect(stylesheetSteps(type)).toEqual(CAROUSEL_STEPS[type].map(([w, n]) => [w, n]));
  });

  it.each(CAROUSEL_TYPES)("%s: the same count as carouselPerView at every width from 320 to 1920 px", (type) => {
    for (let width = 320; width <= 1920; width += 1) expect(stylesheetPerView(type, width), `${type} at ${width}`).toBe(carouselPerView(type, width));
  });

  it("starts from one card (below 400 px) for every type", () => {
    expect(css).toMatch(/\.carousel \{[^}]*--per-view: 1;/);
  });
});
