/**
 * CSV files the console downloads (voucher codes, revenue reports): RFC 4180 lines ending CRLF,
 * a header first. A cell is quoted when it holds a comma, a quote or a line break, and one that
 * starts with = + - or @ is defused with a leading apostrophe, so a spreadsheet never runs it as
 * a formula (a supporter's name or a code could otherwise carry one).
 */
function csvCell(value: string): string {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvText(lines: readonly (readonly (string | number)[])[]): string {
  return lines.map((cells) => cells.map((c) => csvCell(String(c))).join(",")).join("\r\n") + "\r\n";
}
