import { describe, expect, it } from "vitest";
import { carouselNav, carouselPerView } from "../../src/domain/carousel-per-view";

describe("carouselPerView (spec §9)", () => {
  it("below 400 px: one, for every type", () => {
    for (const t of ["full-3", "full-4", "full-6"] as const) {
      expect(carouselPerView(t, 399)).toBe(1);
      expect(carouselPerView(t, 375)).toBe(1);
      expect(carouselPerView(t, 0)).toBe(1);
    }
  });
  it("full-3 up to 3", () => {
    expect(carouselPerView("full-3", 400)).toBe(2);
    expect(carouselPerView("full-3", 1024)).toBe(3);
    expect(carouselPerView("full-3", 2560)).toBe(3);
  });
  it("full-4: 4 by default (wide), up to 3 at the breakpoints", () => {
    expect(carouselPerView("full-4", 1920)).toBe(4);
    expect(carouselPerView("full-4", 1200)).toBe(4);
    expect(carouselPerView("full-4", 1199)).toBe(3);
    expect(carouselPerView("full-4", 760)).toBe(3);
    expect(carouselPerView("full-4", 640)).toBe(2);
  });
  it("full-6 up to 5", () => {
    expect(carouselPerView("full-6", 2560)).toBe(5);
    expect(carouselPerView("full-6", 1440)).toBe(5);
    expect(carouselPerView("full-6", 1200)).toBe(4);
    expect(carouselPerView("full-6", 700)).toBe(3);
    expect(carouselPerView("full-6", 450)).toBe(2);
  });
  it("never more than the cap at any width", () => {
    for (let w = 0; w <= 3000; w += 25) {
      expect(carouselPerView("full-3", w)).toBeLessThanOrEqual(3);
      expect(carouselPerView("full-4", w)).toBeLessThanOrEqual(4);
      expect(carouselPerView("full-6", w)).toBeLessThanOrEqual(5);
    }
  });
});

describe("carouselNav (spec §4: previous disabled at first slide, next at the end)", () => {
  it("disables at the ends", () => {
    expect(carouselNav(0, 5, 3)).toEqual({ prevDisabled: true, nextDisabled: false });
    expect(carouselNav(1, 5, 3)).toEqual({ prevDisabled: false, nextDisabled: false });
    expect(carouselNav(2, 5, 3)).toEqual({ prevDisabled: false, nextDisabled: true });
    expect(carouselNav(0, 2, 3)).toEqual({ prevDisabled: true, nextDisabled: true });
  });

  it("does not move before the carousel has started (spec §4: 100 ms after mount)", () => {
    expect(carouselNav(0, 5, 3, false)).toEqual({ prevDisabled: true, nextDisabled: true });
    expect(carouselNav(1, 5, 3, false)).toEqual({ prevDisabled: true, nextDisabled: true });
    expect(carouselNav(1, 5, 3, true)).toEqual({ prevDisabled: false, nextDisabled: false });
  });
});
