// The machine-readable wall clock every test and demo push burns into its picture, beside the
// readable one: a black band across the top of the frame with a row of white-or-black squares, the
// wall-clock second in Gray code. The e2e tests read it back from the <video> on screen
// (tests/e2e/support/picture-clock.ts), so glass to glass is measured from the picture itself, not
// from the playlist's program date-time that the player's own reading uses.
//
// Layout, in units of a fortieth of the frame's width (so a rendition the ladder scales reads the
// same): the band is 4 units tall and the full width; 19 squares of 2 × 2 units sit 1 unit in
// from the band's edges, side by side: a white marker, the 17 bits (most significant first), a
// white marker. At the e2e pushes' 320 px a square is 16 px, x264's macroblock.
//
// The clock is ffmpeg's own: `setpts` sets each frame's timestamp to the wall clock (RTCTIME) as
// the frame is filtered, the squares are drawboxes switched on by timeline expressions of that
// timestamp, and a second `setpts` puts the frame numbers back as the timestamps the encoder saw
// before. So the squares and the drawtext clock read the same instant, with no start time to
// pass in (a constant start plus the stream time would be off by ffmpeg's own start-up).

/** Bits of the second: 2^17 s is 36 hours, so a reading is unwrapped against the reader's clock. */
export const PICTURE_CLOCK_BITS = 17;
/** The squares: a marker, the bits, a marker. */
export const PICTURE_CLOCK_SQUARES = PICTURE_CLOCK_BITS + 2;
/** The frame's width in layout units (a square is 2, the band 4 tall). */
const UNITS = 40;
const PERIOD = 2 ** PICTURE_CLOCK_BITS;

/** The band's height as a share of the frame's width. */
export const PICTURE_CLOCK_BAND = 4 / UNITS;

/** The band's height in pixels for a frame `width` wide: the rows a reader needs. */
export function pictureClockRows(width) {
  return Math.ceil(width * PICTURE_CLOCK_BAND);
}

/**
 * The ffmpeg filter chain that burns the clock in (join it with other filters by commas). Gray
 * code: one square changes a second, so a frame the encoder has half updated still reads as one
 * of the two seconds. `atSeconds` fixes the clock (the round-trip test); by default the wall clock.
 */
export function pictureClockFilters({ atSeconds = null } = {}) {
  const square = (index, enable) =>
    `drawbox=x=iw*${1 + 2 * index}/${UNITS}:y=iw/${UNITS}:w=iw*2/${UNITS}:h=iw*2/${UNITS}:color=white:t=fill${enable ? `:enable='${enable}'` : ""}`;
  // Gray bit b of r = s mod 2^17 is floor((r + 2^b) / 2^(b+1)) mod 2: r, not s, or the top square
  // would carry bit 17 of the epoch second as well.
  const bits = Array.from({ length: PICTURE_CLOCK_BITS }, (_, i) => {
    const b = PICTURE_CLOCK_BITS - 1 - i;
    return square(1 + i, `mod(floor((mod(floor(t),${PERIOD})+${2 ** b})/${2 ** (b + 1)}),2)`);
  });
  const clock = atSeconds === null ? "RTCTIME/1000000" : String(atSeconds);
  return [
    `setpts='${clock}/TB'`,
    `drawbox=x=0:y=0:w=iw:h=iw*4/${UNITS}:color=black:t=fill`,
    square(0),
    ...bits,
    square(PICTURE_CLOCK_SQUARES - 1),
    "setpts='N/FRAME_RATE/TB'",
  ].join(",");
}

/** Second `s` in Gray code, most significant bit first (as the squares show it). */
export function grayBits(second) {
  const s = ((second % PERIOD) + PERIOD) % PERIOD;
  const gray = s ^ (s >> 1);
  return Array.from({ length: PICTURE_CLOCK_BITS }, (_, i) => (gray >> (PICTURE_CLOCK_BITS - 1 - i)) & 1);
}

/** The second (mod 2^17) that Gray-code `bits` (most significant first) spell. */
export function fromGrayBits(bits) {
  let value = 0;
  let bit = 0;
  for (const g of bits) {
    bit ^= g;
    value = value * 2 + bit;
  }
  return value;
}

/**
 * The whole epoch second nearest `nowSeconds` whose remainder mod 2^17 is `remainder`: a picture
 * is behind the reader's clock by seconds, or a little ahead of it by clock skew, never by 18 hours.
 */
export function unwrapSecond(remainder, nowSeconds) {
  const half = PERIOD / 2;
  const behind = ((((Math.floor(nowSeconds) - remainder + half) % PERIOD) + PERIOD) % PERIOD) - half;
  return Math.floor(nowSeconds) - behind;
}

const MID_GREY = 128;

/**
 * Reads the clock off the top `rows` of a frame `width` wide: `luma` is row-major, one 0–255 value
 * a pixel. Each square and each stretch of band around it is read as the mean of its middle half
 * (x264 smears edges, never a middle), against mid-grey. Answers the epoch second the squares
 * show, unwrapped against `nowMs`, or null when the band is not there: a marker not white, or the
 * band around the squares not black (a frame without the clock, e.g. another stream's).
 */
export function readPictureClock(luma, width, rows, nowMs) {
  const unit = width / UNITS;
  if (rows < pictureClockRows(width) || luma.length < width * pictureClockRows(width) || unit < 2) return null;
  /** Mean luma of the middle half of the box from (x, y), w × h units. */
  const mean = (x, y, w, h) => {
    const x0 = Math.floor((x + w / 4) * unit);
    const x1 = Math.max(x0 + 1, Math.floor((x + (3 * w) / 4) * unit));
    const y0 = Math.floor((y + h / 4) * unit);
    const y1 = Math.max(y0 + 1, Math.floor((y + (3 * h) / 4) * unit));
    let sum = 0;
    for (let row = y0; row < y1; row++) for (let col = x0; col < x1; col++) sum += luma[row * width + col] ?? 0;
    return sum / ((x1 - x0) * (y1 - y0));
  };
  const squares = Array.from({ length: PICTURE_CLOCK_SQUARES }, (_, i) => mean(1 + 2 * i, 1, 2, 2));
  // The band: above and below each square, and its two ends.
  const band = [mean(0, 1, 1, 2), mean(UNITS - 1, 1, 1, 2)];
  for (let i = 0; i < PICTURE_CLOCK_SQUARES; i++) band.push(mean(1 + 2 * i, 0, 2, 1), mean(1 + 2 * i, 3, 2, 1));
  const markers = [squares[0], squares[PICTURE_CLOCK_SQUARES - 1]];
  if (markers.some((m) => m <= MID_GREY) || band.some((b) => b >= MID_GREY)) return null;
  const bits = squares.slice(1, -1).map((m) => (m > MID_GREY ? 1 : 0));
  return unwrapSecond(fromGrayBits(bits), nowMs / 1000);
}
