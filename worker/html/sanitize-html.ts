import xss, { type FilterXSS, type IWhiteList, type SafeAttrValueHandler } from "xss";

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
  img: ["src", "alt", "title", "width", "height"],
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

/** Links may go to the web, mail or phone, or stay on the site; images only from the web or the site. */
const SAFE_HREF = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;
const SAFE_SRC = /^(https?:\/\/|\/(?!\/))/i;

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
    if (name === "src" && !SAFE_SRC.test(url)) return "";
    return undefined;
  },
  safeAttrValue(tag, name, value, cssFilter) {
    const cleaned = lib.safeAttrValue(tag, name, value, cssFilter);
    if (name === "href" && !SAFE_HREF.test(cleaned)) return "";
    if (name === "src" && !SAFE_SRC.test(cleaned)) return "";
    return cleaned;
  },
});

export function sanitizeHtml(html: string): string {
  return filter.process(html).trim();
}
