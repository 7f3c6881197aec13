import xss, { type FilterXSS, type IWhiteList, type SafeAttrValueHandler } from "xss";
import { isLibraryImageUrl, isLibrarySrcset } from "../../src/domain/media-ref";

// xss is CommonJS whose module.exports is a function; its named exports are properties of that
// function, which the workers bundlers only expose through the default import.
const lib = xss as unknown as {
  FilterXSS: typeof FilterXSS;
  safeAttrValue: SafeAttrValueHandler;
  friendlyAttrValue: (value: string) => string;
};

/**
 * The one place CMS HTML is cleaned (news bodies, FAQ answers, page bodies, package texts):
 * article markup survives; scripts, styles, frames, event handlers and non-web URLs do not.
 * Pictures are the media library's only: an `<img>` keeps a `src` and `srcset` that name the
 * library's served sizes (src/domain/media-ref.ts), and one without such a `src` is removed, so
 * a page never makes a reader's browser fetch from elsewhere. A photo with its caption is
 * `<figure><img …><figcaption>…</figcaption></figure>`; a Rovers TV video is a figure holding one
 * link to its page (the article page draws it as a card that respects the video's lock).
 */
const allowList: IWhiteList = {
  a: ["href", "title", "target", "rel"],
  abbr: ["title"],
  b: [],
  blockquote: ["cite"],
  br: [],
  caption: [],
  cite: [],
  code: [],
  dd: [],
  del: [],
  dl: [],
  dt: [],
  em: [],
  figcaption: [],
  figure: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  hr: [],
  i: [],
  img: ["src", "srcset", "alt", "width", "height"],
  li: [],
  ol: ["start"],
  p: [],
  pre: [],
  q: ["cite"],
  s: [],
  small: [],
  span: [],
  strong: [],
  sub: [],
  sup: [],
  table: [],
  tbody: [],
  td: ["colspan", "rowspan"],
  tfoot: [],
  th: ["colspan", "rowspan", "scope"],
  thead: [],
  tr: [],
  u: [],
  ul: [],
};

/** Links may go to the web, mail or phone, or stay on the site. */
const SAFE_HREF = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;
const safeImage = (name: string, url: string) => (name === "src" ? isLibraryImageUrl(url) : name === "srcset" ? isLibrarySrcset(url) : true);
/** An image whose source did not survive: nothing to show, so nothing is kept. */
const IMG_WITHOUT_SRC = /<img(?![^>]*\ssrc=)[^>]*>/g;

const filter = new lib.FilterXSS({
  whiteList: allowList,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ["script", "style", "iframe", "object", "embed", "noscript", "template", "svg", "math"],
  allowCommentTag: false,
  css: false,
  onTagAttr(tag, name, value) {
    if (tag === "a" && name === "target") {
      // A new tab must not get a handle on this page.
      return value.trim() === "_blank" ? 'target="_blank" rel="noopener noreferrer"' : "";
    }
    if (tag === "a" && name === "rel") return "";
    // An unsafe link or image source loses the attribute entirely (not just its value).
    const url = lib.friendlyAttrValue(value).trim();
    if (name === "href" && !SAFE_HREF.test(url)) return "";
    if (tag === "img" && !safeImage(name, url)) return "";
    return undefined;
  },
  safeAttrValue(tag, name, value, cssFilter) {
    const cleaned = lib.safeAttrValue(tag, name, value, cssFilter);
    if (name === "href" && !SAFE_HREF.test(cleaned)) return "";
    if (tag === "img" && !safeImage(name, cleaned)) return "";
    return cleaned;
  },
});

export function sanitizeHtml(html: string): string {
  return filter.process(html).replace(IMG_WITHOUT_SRC, "").trim();
}
