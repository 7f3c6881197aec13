import { describe, expect, it } from "vitest";
import { DIFF_CELL_LIMIT, textOfHtml, wordDiff } from "../../src/domain/word-diff";

const join = (pieces: { kind: string; text: string }[], keep: string) => pieces.filter((p) => p.kind === "same" || p.kind === keep).map((p) => p.text).join("");

describe("the revisions' word diff", () => {
  it("marks removed and added words and keeps the rest", () => {
    const pieces = wordDiff("Rovers win the derby", "Rovers lose the derby again");
    expect(pieces).toEqual([
      { kind: "same", text: "Rovers " },
      { kind: "removed", text: "win " },
      { kind: "added", text: "lose " },
      { kind: "same", text: "the derby " },
      { kind: "added", text: "again" },
    ]);
  });

  it("gives back each text from its pieces", () => {
    const before = "one two  three\nfour five";
    const after = "zero one three\nfour six five";
    const pieces = wordDiff(before, after);
    expect(join(pieces, "added").replace(/\s+/g, " ")).toBe(after.replace(/\s+/g, " "));
    expect(join(pieces, "removed").replace(/\s+/g, " ").trim()).toBe(before.replace(/\s+/g, " "));
  });

  it("handles empty texts, and texts too long to compare word by word as wholes", () => {
    expect(wordDiff("", "")).toEqual([]);
    expect(wordDiff("", "new")).toEqual([{ kind: "added", text: "new" }]);
    const words = Math.ceil(Math.sqrt(DIFF_CELL_LIMIT)) + 1;
    const big = "w ".repeat(words);
    expect(wordDiff(big, `${big}x`)).toEqual([
      { kind: "removed", text: big },
      { kind: "added", text: `${big}x` },
    ]);
  });

  it("reads an article body's words without its markup", () => {
    expect(textOfHtml("<h2>Team news</h2><p>Fish &amp; chips &lt;3</p><ul><li>One</li></ul>")).toBe("Team news\nFish & chips <3\nOne");
  });
});
