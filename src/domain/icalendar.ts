/**
 * RFC 5545 text, written by hand (no library in the worker): CRLF line ends, lines folded at 75
 * octets (never inside a UTF-8 character), TEXT values with \\ ; , and newlines escaped, and
 * date-times in UTC ('Z' form), so no VTIMEZONE is needed.
 */

/** Escapes a TEXT value (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r\n|\r|\n/g, "\\n");
}

const encoder = new TextEncoder();

/** Folds one content line so no line exceeds 75 octets; continuation lines start with one space (§3.1). */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line may hold 75 octets; a continuation holds 74 after its leading space.
    if (octets + size > 75) {
      parts.push(current);
      current = " ";
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n");
}

/** '2024-09-14T14:00:00.000Z' → '20240914T140000Z'. */
export function utcDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new Error(`not a date: ${iso}`);
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

export interface CalendarEvent {
  uid: string;
  /** ISO 8601 */
  start: string;
  /** ISO 8601 */
  end: string;
  summary: string;
  location: string;
  description?: string;
  url?: string;
  sequence: number;
  /** ISO 8601: also the DTSTAMP, so the same data always writes the same bytes */
  lastModified: string;
  status: "CONFIRMED" | "TENTATIVE" | "CANCELLED";
}

export interface Calendar {
  /** PRODID, e.g. '-//Northbridge Rovers FC//Fixtures//EN' */
  productId: string;
  name: string;
  events: CalendarEvent[];
}

/** The whole VCALENDAR object as text, every line folded and CRLF-terminated. */
export function writeCalendar(calendar: Calendar): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${calendar.productId}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
  ];
  for (const event of calendar.events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${event.uid}`,
      `DTSTAMP:${utcDateTime(event.lastModified)}`,
      `DTSTART:${utcDateTime(event.start)}`,
      `DTEND:${utcDateTime(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
      `LOCATION:${escapeText(event.location)}`,
    );
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.url) lines.push(`URL:${event.url}`);
    lines.push(`STATUS:${event.status}`, `SEQUENCE:${event.sequence}`, `LAST-MODIFIED:${utcDateTime(event.lastModified)}`, "END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
