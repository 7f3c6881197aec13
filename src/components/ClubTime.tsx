import { useEffect, useRef } from "react";
import type { ClubTimeFormat } from "../domain/date-format";
import { loadClubTimeText, useClubTimeText } from "./club-time";

/**
 * A date or time of the club (spec §9: its formats, in Europe/London) as <time dateTime>. The
 * server prints it; on hydration the browser keeps the server's text as it is (hence
 * suppressHydrationWarning: until it has the formatter the browser renders no text of its own,
 * and React leaves the server's in place). A date the browser renders itself (after a
 * navigation, in a search result) is printed once the formatter has loaded (club-time.ts).
 */
export default function ClubTime({ iso, format, className }: { iso: string; format: ClubTimeFormat; className?: string }) {
  const text = useClubTimeText();
  const ref = useRef<HTMLTimeElement>(null);
  const printed = useRef(iso);
  useEffect(() => {
    if (text) return;
    // Empty: rendered in the browser. Another instant than the server printed: out of date.
    if (!ref.current?.textContent || iso !== printed.current) loadClubTimeText().catch(() => undefined);
  }, [text, iso]);
  return (
    <time ref={ref} className={className} dateTime={iso} suppressHydrationWarning>
      {text ? text(iso, format) : ""}
    </time>
  );
}
