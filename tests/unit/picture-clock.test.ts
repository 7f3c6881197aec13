import { describe, expect, it } from "vitest";
import { PICTURE_CLOCK_BITS, PICTURE_CLOCK_SQUARES, fromGrayBits, grayBits, pictureClockFilters, pictureClockRows, readPictureClock, unwrapSecond } from "../../scripts/picture-clock.mjs";

const PERIOD = 2 ** PICTURE_CLOCK_BITS;

/**
 * The band as the drawboxes paint it (x, y, w and h of a square rounded down, as ffmpeg does), over
 * a background of `background`, with a deterministic ±`noise` on every pixel (compression's grain).
 */
function paint(width: number, second: number, { noise = 0, background = 0, marker = 255 } = {}): number[] {
  const rows = pictureClockRows(width);
  const luma = new Array<number>(width * rows).fill(background);
  const square = (i: number, value: number) => {
    const x = Math.floor((width * (1 + 2 * i)) / 40);
    const y = Math.floor(width / 40);
    const size = Math.floor((width * 2) / 40);
    for (let row = y; row < y + size; row++) for (let col = x; col < x + size; col++) luma[row * width + col] = value;
  };
  const bits = grayBits(second);
  square(0, marker);
  bits.forEach((bit, i) => square(1 + i, bit ? 255 : 0));
  square(PICTURE_CLOCK_SQUARES - 1, marker);
  let seed = 7;
  return luma.map((v) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return Math.max(0, Math.min(255, v + Math.round(((seed / 2 ** 31) * 2 - 1) * noise)));
  });
}

describe("the picture clock's code", () => {
  it("spells each second in Gray code, one square changing from one second to the next", () => {
    for (const s of [0, 1, 2, 3, 4, 1023, 1024, 65535, 65536, PERIOD - 1, 1_796_077_972]) {
      expect(grayBits(s)).toHaveLength(PICTURE_CLOCK_BITS);
      expect(fromGrayBits(grayBits(s))).toBe(s % PERIOD);
      const changed = grayBits(s).filter((bit, i) => bit !== grayBits(s + 1)[i]).length;
      expect(changed).toBe(1);
    }
    expect(grayBits(2)).toEqual([...new Array<number>(PICTURE_CLOCK_BITS - 2).fill(0), 1, 1]);
  });

  it("unwraps a remainder to the second nearest the reader's clock, behind it or a little ahead", () => {
    const now = 1_796_077_972.4;
    expect(unwrapSecond(1_796_077_972 % PERIOD, now)).toBe(1_796_077_972);
    expect(unwrapSecond(1_796_077_960 % PERIOD, now)).toBe(1_796_077_960);
    expect(unwrapSecond(1_796_077_974 % PERIOD, now)).toBe(1_796_077_974);
    // across the wrap of the 17 bits
    const wrap = Math.ceil(now / PERIOD) * PERIOD;
    expect(unwrapSecond((wrap - 3) % PERIOD, wrap + 2)).toBe(wrap - 3);
    expect(unwrapSecond(wrap % PERIOD, wrap - 1)).toBe(wrap);
  });

  it("the filter chain draws the band, the two markers and a square a bit, then gives the frames their numbers back", () => {
    const chain = pictureClockFilters();
    expect(chain.startsWith("setpts='RTCTIME/1000000/TB',drawbox=x=0:y=0:w=iw:h=iw*4/40:color=black:t=fill,")).toBe(true);
    expect(chain.endsWith(",setpts='N/FRAME_RATE/TB'")).toBe(true);
    expect(chain.match(/drawbox=/g)).toHaveLength(1 + PICTURE_CLOCK_SQUARES);
    expect(chain.match(/:enable='/g)).toHaveLength(PICTURE_CLOCK_BITS);
    expect(pictureClockFilters({ atSeconds: 12.5 }).startsWith("setpts='12.5/TB',")).toBe(true);
  });
});

describe("reading the picture clock", () => {
  const second = 1_796_077_972;
  const now = (second + 4.2) * 1000;

  it("reads the second at the e2e pushes' width, the test encoder's, the demo's and a scaled rendition's, through grain", () => {
    for (const width of [320, 427, 640, 1280]) {
      expect(readPictureClock(paint(width, second, { noise: 60 }), width, pictureClockRows(width), now)).toBe(second);
      expect(readPictureClock(paint(width, second + 1), width, pictureClockRows(width), now)).toBe(second + 1);
    }
  });

  it("finds no band on a frame without one, or with a marker not white, or too few rows", () => {
    const width = 320;
    const rows = pictureClockRows(width);
    expect(readPictureClock(new Array<number>(width * rows).fill(200), width, rows, now)).toBeNull();
    expect(readPictureClock(new Array<number>(width * rows).fill(0), width, rows, now)).toBeNull();
    expect(readPictureClock(paint(width, second, { background: 180 }), width, rows, now)).toBeNull();
    expect(readPictureClock(paint(width, second, { marker: 40 }), width, rows, now)).toBeNull();
    expect(readPictureClock(paint(width, second).slice(0, width * (rows - 1)), width, rows - 1, now)).toBeNull();
  });
});
