import { describe, expect, it } from "vitest";
import { forgetKeptPage, keepPage, takeKeptPage } from "../../src/layouts/child-view/kept-page";

describe("the page kept under a child view", () => {
  it("answers its own URL once, path and query alike", () => {
    keepPage("/news?page=2", { items: 1 });
    expect(takeKeptPage("http://127.0.0.1/news?page=3")).toBeUndefined();
    expect(takeKeptPage("http://127.0.0.1/news")).toBeUndefined();
    expect(takeKeptPage("http://127.0.0.1/news?page=2")).toEqual({ data: { items: 1 } });
    expect(takeKeptPage("http://127.0.0.1/news?page=2")).toBeUndefined();
  });

  it("is forgotten when the child view closes another way", () => {
    keepPage("/category/tickets", { items: 2 });
    forgetKeptPage();
    expect(takeKeptPage("http://127.0.0.1/category/tickets")).toBeUndefined();
  });
});
