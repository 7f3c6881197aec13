import { describe, expect, it } from "vitest";
import { MAX_WINDOWS, readWindow, storeWindow, windowKey } from "../../worker/search/ranked-windows";

describe("ranked windows (the news search's kept rankings)", () => {
  const entry = (n: number) => ({ generation: 1, found: n, ids: [n] });

  it("keys the match expression with the sort", () => {
    expect(windowKey('"kit"*', "_score desc")).not.toBe(windowKey('"kit"*', "published_date desc"));
    storeWindow(windowKey('"kit"*', "_score desc"), entry(1));
    expect(readWindow(windowKey('"kit"*', "published_date desc"))).toBeUndefined();
    expect(readWindow(windowKey('"kit"*', "_score desc"))).toEqual(entry(1));
  });

  it("holds at most MAX_WINDOWS, dropping the least recently used first", () => {
    for (let i = 0; i < MAX_WINDOWS; i++) storeWindow(`k${i}`, entry(i));
    // Reading k0 makes k1 the least recently used.
    expect(readWindow("k0")).toEqual(entry(0));
    storeWindow("new", entry(-1));
    expect(readWindow("k1")).toBeUndefined();
    expect(readWindow("k0")).toEqual(entry(0));
    expect(readWindow("new")).toEqual(entry(-1));
    // A flood of distinct queries leaves only the newest MAX_WINDOWS.
    for (let i = 0; i < 3 * MAX_WINDOWS; i++) storeWindow(`flood${i}`, entry(i));
    expect(readWindow("k0")).toBeUndefined();
    expect(readWindow(`flood${2 * MAX_WINDOWS}`)).toEqual(entry(2 * MAX_WINDOWS));
    expect(readWindow(`flood${2 * MAX_WINDOWS - 1}`)).toBeUndefined();
  });

  it("storing a key again replaces its entry", () => {
    storeWindow("again", entry(1));
    storeWindow("again", { generation: 2, found: 5, ids: [] });
    expect(readWindow("again")).toEqual({ generation: 2, found: 5, ids: [] });
  });
});
