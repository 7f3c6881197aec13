import { Node, mergeAttributes } from "@tiptap/react";

/**
 * The editor's two nodes beyond the starter kit, each written as the sanitiser keeps it
 * (worker/html/sanitize-html.ts):
 * - a library photo with its caption: `<figure><img src srcset alt width height><figcaption>…`,
 *   the caption typed in place like any text;
 * - a Rovers TV video: `<figure><a href="/videos/{entryId}">Title</a></figure>`
 *   (src/domain/article-embeds.ts), one block the article page draws as the video's card.
 */
export const LibraryPhoto = Node.create({
  name: "libraryPhoto",
  group: "block",
  content: "inline*",
  marks: "italic bold",
  defining: true,
  isolating: true,
  addAttributes() {
    return { src: { default: "" }, srcset: { default: "" }, alt: { default: "" }, width: { default: null }, height: { default: null } };
  },
  parseHTML() {
    return [
      {
        tag: "figure",
        contentElement: "figcaption",
        getAttrs: (element) => {
          const img = element.querySelector("img");
          if (!img) return false;
          return { src: img.getAttribute("src") ?? "", srcset: img.getAttribute("srcset") ?? "", alt: img.getAttribute("alt") ?? "", width: img.getAttribute("width"), height: img.getAttribute("height") };
        },
      },
    ];
  },
  renderHTML({ node }) {
    const { src, srcset, alt, width, height } = node.attrs as { src: string; srcset: string; alt: string; width: string | null; height: string | null };
    const img = mergeAttributes({ src, alt }, srcset ? { srcset } : {}, width ? { width } : {}, height ? { height } : {});
    return ["figure", ["img", img], ["figcaption", 0]];
  },
});

export const RoversVideo = Node.create({
  name: "roversVideo",
  group: "block",
  atom: true,
  selectable: true,
  // No extension priority: it would put this node first in the schema, making it the block
  // ProseMirror creates whenever it fills one in (an empty video). The parse rule's own priority
  // tries it before the photo's figure rule.
  addAttributes() {
    return { entryId: { default: "" }, title: { default: "" } };
  },
  parseHTML() {
    return [
      {
        tag: "figure",
        priority: 60,
        getAttrs: (element) => {
          const link = element.children.length === 1 ? element.querySelector(":scope > a") : null;
          const match = /^\/videos\/([A-Za-z0-9_-]{1,64})$/.exec(link?.getAttribute("href") ?? "");
          return match ? { entryId: match[1], title: link?.textContent ?? "" } : false;
        },
      },
    ];
  },
  renderHTML({ node }) {
    const { entryId, title } = node.attrs as { entryId: string; title: string };
    return ["figure", { class: "rte__video" }, ["a", { href: `/videos/${entryId}` }, title || "Rovers TV video"]];
  },
});
