/**
 * One `Range: bytes=...` header against a file of `size` bytes (RFC 9110 §14): the inclusive
 * byte span to send with 206, 'unsatisfiable' for 416, or null to send the whole file with 200
 * (no header, a malformed one, or several ranges, which a server may answer in full).
 */
export type ByteRange = { start: number; end: number };

export function parseRange(header: string | null | undefined, size: number): ByteRange | "unsatisfiable" | null {
  if (!header) return null;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  if (size === 0) return "unsatisfiable";
  if (first === "") {
    // suffix range: the last N bytes
    const length = Number(last);
    if (length === 0) return "unsatisfiable";
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return "unsatisfiable";
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return null;
  return { start, end };
}
