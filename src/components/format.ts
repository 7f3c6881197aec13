/**
 * Number texts the pages show. Dates are <ClubTime> (src/components/ClubTime.tsx), or
 * src/domain/date-format where a page builds a sentence or groups from them.
 */
export { formatDuration } from "../domain/duration-format";

// Made on first use: a browser's first Intl object loads its locale data, which a page that shows
// no count should not pay for while it hydrates.
let thousands: Intl.NumberFormat | undefined;
export function formatCount(value: number): string {
  thousands ??= new Intl.NumberFormat("en-GB");
  return thousands.format(value);
}
