import { describe, expect, it } from "vitest";
import { iconNames } from "../../src/components/Icon";
import { buildIconSprite, CREST_SYMBOL } from "../../src/icons/icon-sprite";

describe("icon sprite", () => {
  const sprite = buildIconSprite();
  const ids = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]);

  it("holds one symbol for every icon name and the crest, each id once", () => {
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...iconNames, CREST_SYMBOL].sort());
  });

  it("is a standalone SVG document drawn in currentColor (icons take the text colour)", () => {
    expect(sprite.startsWith('<svg xmlns="http://www.w3.org/2000/svg">')).toBe(true);
    expect(sprite.trimEnd().endsWith("</svg>")).toBe(true);
    expect(sprite.match(/<symbol /g)?.length).toBe(sprite.match(/<\/symbol>/g)?.length);
    const play = /<symbol id="play"[^>]*>(.*?)<\/symbol>/.exec(sprite)?.[1] ?? "";
    expect(play).toContain('fill="currentColor"');
    // The shirt bands are clipped by a path inside the sprite itself, with ids unique to the file.
    expect(sprite).toContain('<clipPath id="shirt-hoops-clip">');
    expect(sprite).toContain('clip-path="url(#shirt-stripes-clip)"');
  });
});
