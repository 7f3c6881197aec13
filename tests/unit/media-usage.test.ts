import { describe, expect, it } from "vitest";
import { mediaRef, mediaUrlPrefix } from "../../src/domain/media-ref";
import { MEDIA_USES_NAMED, mediaInUseDetail, type MediaUse } from "../../src/domain/media-usage";

describe("media usage", () => {
  it("refers to a photo as its image fields and its served URLs do", () => {
    expect(mediaRef(12)).toBe("media:12");
    expect(mediaUrlPrefix(12)).toBe("/images/media/12/");
  });

  it("names each use by kind, name and place, then counts the rest", () => {
    const use = (n: number): MediaUse => ({ kind: "article", id: n, name: `Story ${n}`, place: "text" });
    expect(mediaInUseDetail([use(1)])).toBe("This photo is used by article “Story 1” (text): remove it there before deleting it");
    expect(mediaInUseDetail([{ kind: "sponsor", id: 4, name: "", place: "logo" }])).toBe("This photo is used by sponsor “#4” (logo): remove it there before deleting it");
    const many = Array.from({ length: MEDIA_USES_NAMED + 2 }, (_, i) => use(i + 1));
    const detail = mediaInUseDetail(many);
    expect(detail).toContain("article “Story 5” (text) and 2 more:");
    expect(detail).not.toContain("Story 6");
  });
});
