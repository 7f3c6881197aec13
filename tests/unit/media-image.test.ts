import { describe, expect, it } from "vitest";
import { fallbackWidth, focalCrop, isMediaSize, MEDIA_WIDTHS, mediaHeight, mediaImageUrl, mediaSrcset, nearestRatio } from "../../src/domain/media-image";

describe("focalCrop", () => {
  const photo = { width: 4000, height: 3000 };

  it("takes the largest box of the target's shape, centred on a central focal point", () => {
    expect(focalCrop(photo, { width: 375, height: 211 }, { x: 0.5, y: 0.5 })).toEqual({ x: 0, y: 375, width: 4000, height: 2251 });
    expect(focalCrop(photo, { width: 750, height: 750 }, { x: 0.5, y: 0.5 })).toEqual({ x: 500, y: 0, width: 3000, height: 3000 });
  });

  it("moves the box toward the focal point and stops at the edges", () => {
    expect(focalCrop(photo, { width: 750, height: 750 }, { x: 0.8, y: 0.5 })).toEqual({ x: 1000, y: 0, width: 3000, height: 3000 });
    expect(focalCrop(photo, { width: 750, height: 750 }, { x: 1, y: 0 })).toEqual({ x: 1000, y: 0, width: 3000, height: 3000 });
    expect(focalCrop(photo, { width: 750, height: 750 }, { x: 0, y: 1 })).toEqual({ x: 0, y: 0, width: 3000, height: 3000 });
    expect(focalCrop(photo, { width: 640, height: 320 }, { x: 0.5, y: 0.1 })).toEqual({ x: 0, y: 0, width: 4000, height: 2000 });
    expect(focalCrop(photo, { width: 640, height: 320 }, { x: 0.5, y: 0.9 })).toEqual({ x: 0, y: 1000, width: 4000, height: 2000 });
  });

  it("keeps the whole photo when the shapes match, and clamps a focal point outside 0–1", () => {
    expect(focalCrop(photo, { width: 480, height: 360 }, { x: 0.2, y: 0.7 })).toEqual({ x: 0, y: 0, width: 4000, height: 3000 });
    expect(focalCrop({ width: 300, height: 900 }, { width: 160, height: 160 }, { x: 5, y: -3 })).toEqual({ x: 0, y: 0, width: 300, height: 300 });
  });
});

describe("served sizes", () => {
  it("serves the spec's square sizes and the srcset steps at the listed shapes only", () => {
    expect(isMediaSize(750, 750)).toBe(true);
    expect(isMediaSize(1400, 1400)).toBe(true);
    expect(isMediaSize(375, 211)).toBe(true);
    expect(isMediaSize(375, 212)).toBe(false);
    expect(isMediaSize(376, 376)).toBe(false);
    expect(isMediaSize(4000, 4000)).toBe(false);
  });

  it("picks the nearest served shape for a display box", () => {
    expect(nearestRatio(300, 250)).toEqual([5, 4]);
    expect(nearestRatio(1600, 900)).toEqual([16, 9]);
    expect(nearestRatio(728, 90)).toEqual([2, 1]);
    expect(nearestRatio(90, 728)).toEqual([2, 3]);
  });

  it("builds a srcset of every served width up to the original's, each at the same shape", () => {
    const set = mediaSrcset({ id: 7, version: 2, width: 1000 }, [16, 9], "webp");
    expect(set).toBe(
      "/images/media/7/2/160x90.webp 160w, /images/media/7/2/320x180.webp 320w, /images/media/7/2/375x211.webp 375w, /images/media/7/2/480x270.webp 480w, /images/media/7/2/640x360.webp 640w, /images/media/7/2/750x422.webp 750w, /images/media/7/2/960x540.webp 960w",
    );
    for (const candidate of set.split(", ")) {
      const [, w, h] = /(\d+)x(\d+)\.webp (\d+)w$/.exec(candidate)!;
      expect(isMediaSize(Number(w), Number(h))).toBe(true);
    }
    // a photo smaller than every width still has one candidate
    expect(mediaSrcset({ id: 1, version: 1, width: 100 }, [1, 1], "jpeg")).toBe("/images/media/1/1/160x160.jpeg 160w");
  });

  it("names the fallback width that covers the display width, never past the original", () => {
    expect(fallbackWidth(375, 4000)).toBe(375);
    expect(fallbackWidth(700, 4000)).toBe(750);
    expect(fallbackWidth(1400, 900)).toBe(750);
    expect(fallbackWidth(3000, 4000)).toBe(1920);
    expect(mediaImageUrl(3, 1, 750, mediaHeight(750, [1, 1]), "jpeg")).toBe("/images/media/3/1/750x750.jpeg");
    expect(MEDIA_WIDTHS).toContain(1400);
  });
});
