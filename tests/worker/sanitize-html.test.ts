import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "../../worker/html/sanitize-html";

const SRC = "/images/media/7/2/640x480.jpeg";
const SRCSET = "/images/media/7/2/320x240.webp 320w, /images/media/7/2/640x480.webp 640w";

describe("the rich-text sanitiser's pictures and embeds", () => {
  it("keeps a library photo in a figure with its caption: src, srcset, alt, width and height, nothing else", () => {
    const html = sanitizeHtml(`<figure><img src="${SRC}" srcset="${SRCSET}" sizes="100vw" alt="The north stand" width="640" height="480" title="t" class="x" loading="lazy"><figcaption>Fans in the <em>north</em> stand</figcaption></figure>`);
    expect(html).toBe(`<figure><img src="${SRC}" srcset="${SRCSET}" alt="The north stand" width="640" height="480"><figcaption>Fans in the <em>north</em> stand</figcaption></figure>`);
  });

  it("removes an img pointing outside the library, whatever the address", () => {
    for (const src of ["https://evil.example/x.jpg", "//evil.example/x.jpg", "/images/640x480/news.svg", "/images/media/7/2/641x480.jpeg", "/images/media/7/2/640x480.png", "data:image/png;base64,AAAA", "javascript:alert(1)", "/images/media/7/2/640x480.jpeg?x=1"]) {
      const html = sanitizeHtml(`<figure><img src="${src}" alt="a"><figcaption>c</figcaption></figure>`);
      expect(html, src).toBe("<figure><figcaption>c</figcaption></figure>");
    }
    expect(sanitizeHtml('<p><img alt="no source"></p>')).toBe("<p></p>");
  });

  it("drops a srcset with any candidate outside the library, keeping the library src", () => {
    const html = sanitizeHtml(`<img src="${SRC}" srcset="${SRCSET}, https://evil.example/x.jpg 900w" alt="a">`);
    expect(html).toBe(`<img src="${SRC}" alt="a">`);
  });

  it("still strips scripts, event handlers and javascript: links around figures", () => {
    const html = sanitizeHtml(
      `<figure onclick="alert(1)"><img src="${SRC}" onerror="alert(2)" alt="a"><figcaption onmouseover="alert(3)">c<script>alert(4)</script></figcaption></figure>` +
        `<figure><a href="javascript:alert(5)">Watch</a></figure><figure><a href="/videos/1_abc">Watch the goals</a></figure><svg><script>alert(6)</script></svg><iframe src="/videos/1_abc"></iframe>`,
    );
    expect(html).not.toMatch(/script|onclick|onerror|onmouseover|javascript:|alert|iframe|svg/i);
    expect(html).toContain(`<figure><img src="${SRC}" alt="a"><figcaption>c</figcaption></figure>`);
    expect(html).toContain('<figure><a href="/videos/1_abc">Watch the goals</a></figure>');
  });
});
