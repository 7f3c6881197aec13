import { describe, expect, it } from "vitest";
import { buildMenuTree, menuHref } from "../../src/domain/menu-tree";
import type { MenuPage } from "../../src/schemas/shell";

function page(postID: number, parentId: number | null, pageOrder: number, extra: Partial<MenuPage> = {}): MenuPage {
  return {
    postID,
    parentId,
    postTitle: `Page ${postID}`,
    postStatus: "Published",
    pageTemplate: "Default",
    menuLayout: "full-menu",
    pageOrder,
    pageSlug: `page-${postID}`,
    fullPath: `path/page-${postID}`,
    nestedLevel: parentId === null ? 0 : 1,
    postType: "internal",
    externalUrl: null,
    newTab: false,
    icon: null,
    customClass: null,
    ...extra,
  };
}

describe("menuHref", () => {
  it("links internal pages to '/' + fullPath", () => {
    expect(menuHref(page(1, null, 1, { fullPath: "club-information/contact-us" }))).toBe("/club-information/contact-us");
    expect(menuHref(page(1, null, 1, { fullPath: "/tickets/" }))).toBe("/tickets");
  });
  it("links external pages to their URL", () => {
    expect(menuHref(page(1, null, 1, { postType: "external", externalUrl: "https://shop.example/" }))).toBe("https://shop.example/");
  });
});

describe("buildMenuTree", () => {
  it("nests children under their parent, each level in page order", () => {
    const tree = buildMenuTree([page(3, 1, 2), page(1, null, 2), page(2, null, 1), page(4, 1, 1), page(5, 4, 1)]);
    expect(tree.map((n) => n.id)).toEqual([2, 1]);
    expect(tree[1]?.children.map((n) => n.id)).toEqual([4, 3]);
    expect(tree[1]?.children[0]?.children.map((n) => n.id)).toEqual([5]);
  });

  it("promotes pages whose parent is missing instead of losing them", () => {
    const tree = buildMenuTree([page(1, null, 1), page(2, 99, 2)]);
    expect(tree.map((n) => n.id)).toEqual([1, 2]);
  });

  it("survives a parent cycle", () => {
    const tree = buildMenuTree([page(1, 2, 1), page(2, 1, 2)]);
    expect(tree.map((n) => n.id).sort()).toEqual([1, 2]);
  });

  it("opens external entries in a new tab only when the page says so", () => {
    const [shop, trust, internal] = buildMenuTree([
      page(1, null, 1, { postType: "external", externalUrl: "https://shop.example/", newTab: true }),
      page(2, null, 2, { postType: "external", externalUrl: "https://trust.example/", newTab: false }),
      page(3, null, 3, { newTab: true }),
    ]);
    expect(shop).toMatchObject({ external: true, newTab: true, href: "https://shop.example/" });
    expect(trust).toMatchObject({ external: true, newTab: false });
    expect(internal).toMatchObject({ external: false, newTab: false, href: "/path/page-3" });
  });
});

describe("menu links keep the link rule", () => {
  it("an external entry whose URL breaks it links to its own page instead, and is not marked external", () => {
    for (const externalUrl of ["javascript:alert(1)", "http://tickets.example", "//evil.example", "https://club@evil.example/"]) {
      const entry = page(1, null, 0, { postType: "external", externalUrl });
      expect(menuHref(entry), externalUrl).toBe("/path/page-1");
      expect(buildMenuTree([entry])[0]!.external, externalUrl).toBe(false);
    }
    expect(menuHref(page(2, null, 0, { postType: "external", externalUrl: "https://tickets.example/" }))).toBe("https://tickets.example/");
  });

  it("a link slug that could leave the site is not followed", () => {
    expect(menuHref(page(3, null, 0, { linkSlug: "/\\evil.example" }))).toBe("/path/page-3");
    expect(menuHref(page(3, null, 0, { linkSlug: "/%2F/evil.example" }))).toBe("/path/page-3");
    expect(menuHref(page(3, null, 0, { linkSlug: "/tickets" }))).toBe("/tickets");
  });
});
