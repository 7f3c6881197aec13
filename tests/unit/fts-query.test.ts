import { describe, expect, it } from "vitest";
import { ftsMatchExpression, MAX_FTS_TERMS } from "../../src/domain/fts-query";

describe("ftsMatchExpression (FTS5 syntax escaped, spec §4 'Search')", () => {
  it("quotes every word and adds the prefix * to the last one only", () => {
    expect(ftsMatchExpression("rovers")).toBe('"rovers"*');
    expect(ftsMatchExpression("  rovers  win cup ")).toBe('"rovers" "win" "cup"*');
  });
  it("keeps a quoted phrase (Exact matches) whole and without prefix", () => {
    expect(ftsMatchExpression('"kit launch"')).toBe('"kit launch"');
    expect(ftsMatchExpression('new "kit launch"')).toBe('"new" "kit launch"');
    expect(ftsMatchExpression('"kit launch" new')).toBe('"kit launch" "new"*');
  });
  it("never passes FTS5 operators or syntax through", () => {
    expect(ftsMatchExpression("AND(")).toBe('"AND"*');
    expect(ftsMatchExpression("a NEAR b")).toBe('"a" "NEAR" "b"*');
    expect(ftsMatchExpression("title:rovers")).toBe('"title rovers"*');
    expect(ftsMatchExpression("win*")).toBe('"win"*');
    expect(ftsMatchExpression("-x ^y +z")).toBe('"x" "y" "z"*');
    expect(ftsMatchExpression("don't")).toBe('"don t"*');
  });
  it("an unbalanced quote is dropped; the words still count", () => {
    expect(ftsMatchExpression('"kit laun')).toBe('"kit" "laun"*');
    expect(ftsMatchExpression('kit" launch')).toBe('"kit" "launch"*');
  });
  it("nothing searchable gives null", () => {
    for (const input of ["", "   ", "*", '""', '"', "()", "🔥⚽", "\u0000\u0007", ":-"]) expect(ftsMatchExpression(input), input).toBeNull();
  });
  it("keeps letters of any script and caps the number of terms", () => {
    expect(ftsMatchExpression("café ⚽ Zürich")).toBe('"café" "Zürich"*');
    const long = ftsMatchExpression("word ".repeat(400));
    expect(long?.split(" ")).toHaveLength(MAX_FTS_TERMS);
  });
});
