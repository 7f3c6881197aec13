import { describe, expect, it } from "vitest";
import { xmlText } from "../../src/domain/xml-text";

describe("xmlText: a value the sitemap and the news feed write into XML", () => {
  it("escapes the five markup characters", () => {
    expect(xmlText(`<a href="x">Tom & Jerry's</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;");
  });
  it("drops what XML 1.0 cannot carry, keeps tabs, newlines and real astral characters", () => {
    expect(xmlText("a\u0000b\u0008c\u000Bd\u001Fe\uFFFFf")).toBe("abcdef");
    expect(xmlText("lone \uD800 high, lone \uDC00 low")).toBe("lone  high, lone  low");
    expect(xmlText("tab\tline\nreturn\r ⚽ 🏆")).toBe("tab\tline\nreturn\r ⚽ 🏆");
  });
});
