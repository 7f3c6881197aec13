// Types of scripts/picture-clock.mjs for the test encoder, the e2e reader and the unit tests.
export declare const PICTURE_CLOCK_BITS: number;
export declare const PICTURE_CLOCK_SQUARES: number;
export declare const PICTURE_CLOCK_BAND: number;
export declare function pictureClockRows(width: number): number;
export declare function pictureClockFilters(options?: { atSeconds?: number | null }): string;
export declare function grayBits(second: number): number[];
export declare function fromGrayBits(bits: readonly number[]): number;
export declare function unwrapSecond(remainder: number, nowSeconds: number): number;
export declare function readPictureClock(luma: ArrayLike<number>, width: number, rows: number, nowMs: number): number | null;
