/**
 * The numbers a payment event may carry. A signed event is still input: a time or an amount outside
 * these bounds is refused (400) before anything is written, instead of reaching a date or a column
 * that cannot hold it (`new Date(9e15 * 1000).toISOString()` throws a RangeError).
 *
 * - Times are unix seconds from 1970 to the start of 2100: far past any period a subscription or
 *   pass can have, and well inside what a JavaScript Date and an ISO 8601 string can hold.
 * - Amounts are whole minor units (pence) up to 99,999,999: Stripe's largest charge is eight digits.
 */
export const LATEST_EVENT_SECONDS = 4_102_444_800; // 2100-01-01T00:00:00Z
export const LARGEST_AMOUNT_MINOR = 99_999_999;

export function isEventTime(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= LATEST_EVENT_SECONDS;
}

export function isEventAmount(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= LARGEST_AMOUNT_MINOR;
}
