/**
 * A word diff of two texts, for comparing an article's revisions: the longest common run of
 * words kept, the rest marked removed (only in the old) or added (only in the new). Whitespace
 * belongs to the word before it, so the pieces joined give back each text.
 */
export type DiffPiece = { kind: "same" | "added" | "removed"; text: string };

/** Past this many word pairs the table would be too large for a request: the texts compare as wholes. */
export const DIFF_CELL_LIMIT = 4_000_000;

const words = (text: string): string[] => text.match(/\S+\s*|\s+/g) ?? [];

function pushPiece(out: DiffPiece[], kind: DiffPiece["kind"], text: string): void {
  const last = out.at(-1);
  if (last && last.kind === kind) last.text += text;
  else out.push({ kind, text });
}

export function wordDiff(before: string, after: string): DiffPiece[] {
  const a = words(before);
  const b = words(after);
  const out: DiffPiece[] = [];
  if (a.length * b.length > DIFF_CELL_LIMIT) {
    if (before === after) return before === "" ? [] : [{ kind: "same", text: before }];
    if (before !== "") out.push({ kind: "removed", text: before });
    if (after !== "") out.push({ kind: "added", text: after });
    return out;
  }
  // lengths[i][j]: the longest common subsequence of a[i..] and b[j..], in one flat array.
  const width = b.length + 1;
  const lengths = new Uint32Array((a.length + 1) * width);
  const lcs = (i: number, j: number) => lengths[i * width + j] ?? 0;
  const wordA = (i: number) => a[i] ?? "";
  const wordB = (j: number) => b[j] ?? "";
  const same = (i: number, j: number) => wordA(i).trim() === wordB(j).trim();
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * width + j] = same(i, j) ? lcs(i + 1, j + 1) + 1 : Math.max(lcs(i + 1, j), lcs(i, j + 1));
    }
  }
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (same(i, j)) {
      pushPiece(out, "same", wordB(j));
      i++;
      j++;
    } else if (lcs(i + 1, j) >= lcs(i, j + 1)) {
      pushPiece(out, "removed", wordA(i++));
    } else {
      pushPiece(out, "added", wordB(j++));
    }
  }
  while (i < a.length) pushPiece(out, "removed", wordA(i++));
  while (j < b.length) pushPiece(out, "added", wordB(j++));
  return out;
}

/** An article body's words without its markup, for the compare view. */
export function textOfHtml(html: string): string {
  return html
    .replace(/<(br|\/p|\/h[1-6]|\/li|\/blockquote|\/figcaption)[^>]*>/gi, "$&\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/[ \t]+\n/g, "\n")
    .trim();
}
