import { describe, expect, it } from "vitest";
import { isImageFieldValue, isLibraryImageUrl, isLibrarySrcset, mediaRef, mediaRefId } from "../../src/domain/media-ref";
import { embeddedVideoIds, splitBody, videoEmbedHtml } from "../../src/domain/article-embeds";
import { imageUrl } from "../../src/components/Picture";

describe("image fields naming a library photo", () => {
  it("reads media:{id} and nothing else as a library photo", () => {
    expect(mediaRefId(mediaRef(42))).toBe(42);
    for (const value of ["", "media:", "media:0", "media:07", "media:-1", "media:1.5", "media:1 ", "Media:1", "pages/stadium", "media:99999999999999999"]) expect(mediaRefId(value), value).toBeNull();
  });
  it("accepts empty, a library photo or a generated key; refuses anything else", () => {
    for (const ok of ["", "media:3", "pages/stadium", "news-12"]) expect(isImageFieldValue(ok), ok).toBe(true);
    for (const bad of ["javascript:alert(1)", "https://x.example/a.jpg", "/images/a", "media:0", "Pages"]) expect(isImageFieldValue(bad), bad).toBe(false);
  });
  it("knows the library's served URLs only", () => {
    expect(isLibraryImageUrl("/images/media/3/1/640x480.webp")).toBe(true);
    expect(isLibraryImageUrl("/images/media/3/1/640x481.webp")).toBe(false);
    expect(isLibraryImageUrl("/images/media/3/1/640x480.png")).toBe(false);
    expect(isLibraryImageUrl("https://x.example/images/media/3/1/640x480.webp")).toBe(false);
    expect(isLibrarySrcset("/images/media/3/1/320x240.webp 320w, /images/media/3/1/640x480.webp 640w")).toBe(true);
    expect(isLibrarySrcset("/images/media/3/1/320x240.webp 320w, https://x.example/a.webp 640w")).toBe(false);
    expect(isLibrarySrcset("/images/media/3/1/320x240.webp 2x")).toBe(false);
  });
});

describe("the one image URL builder", () => {
  it("keeps generated art for a key, and gives a library photo's served size nearest the box", () => {
    expect(imageUrl("pages/stadium", 160, 64)).toBe("/images/160x64/pages/stadium.svg");
    // A sponsor's 160 × 64 logo: the 5:2 box is nearest 2:1, the smallest served width covering 160.
    expect(imageUrl("media:9", 160, 64)).toBe("/images/media/9/1/160x80.jpeg");
    expect(imageUrl("media:9", 1400, 1400)).toBe("/images/media/9/1/1400x1400.jpeg");
    expect(imageUrl("media:9", 4000, 2250)).toBe("/images/media/9/1/1920x1080.jpeg");
    expect(isLibraryImageUrl(imageUrl("media:9", 200, 44))).toBe(true);
  });
});

describe("video embeds in an article's text", () => {
  it("makes, finds and cuts out the embeds, text kept around them", () => {
    const embed = videoEmbedHtml("1_abc", 'Goals & "saves" <v>');
    expect(embed).toBe('<figure><a href="/videos/1_abc">Goals &amp; &quot;saves&quot; &lt;v&gt;</a></figure>');
    const html = `<p>Before</p>${embed}<p>Between</p>${videoEmbedHtml("2_x", "B")}${embed}`;
    expect(embeddedVideoIds(html)).toEqual(["1_abc", "2_x"]);
    expect(splitBody(html)).toEqual([
      { kind: "html", html: "<p>Before</p>" },
      { kind: "video", entryId: "1_abc" },
      { kind: "html", html: "<p>Between</p>" },
      { kind: "video", entryId: "2_x" },
      { kind: "video", entryId: "1_abc" },
    ]);
  });
  it("leaves a figure that is not exactly one video link as text", () => {
    const html = '<figure><a href="/videos/1_a">A</a><figcaption>c</figcaption></figure><figure><a href="/news/x">N</a></figure>';
    expect(embeddedVideoIds(html)).toEqual([]);
    expect(splitBody(html)).toEqual([{ kind: "html", html }]);
  });
});
