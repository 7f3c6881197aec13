import { describe, expect, it } from "vitest";
import { ByteLru } from "../../worker/cache/byte-lru";

const bytes = (n: number) => new Uint8Array(n);

describe("ByteLru", () => {
  it("keeps what fits and answers it", () => {
    const lru = new ByteLru(10, 10);
    const a = bytes(4);
    lru.set("a", a);
    expect(lru.get("a")).toBe(a);
    expect(lru.get("b")).toBeUndefined();
    expect(lru.size).toBe(4);
  });

  it("drops the least recently used first when over budget", () => {
    const lru = new ByteLru(10, 10);
    lru.set("a", bytes(4));
    lru.set("b", bytes(4));
    lru.get("a"); // a is now the most recent
    lru.set("c", bytes(4));
    expect(lru.get("b")).toBeUndefined();
    expect(lru.get("a")).toBeDefined();
    expect(lru.get("c")).toBeDefined();
    expect(lru.size).toBe(8);
  });

  it("never keeps a value over the entry limit, and evicts nothing for it", () => {
    const lru = new ByteLru(10, 5);
    lru.set("a", bytes(5));
    lru.set("big", bytes(6));
    expect(lru.get("big")).toBeUndefined();
    expect(lru.get("a")).toBeDefined();
    expect(lru.size).toBe(5);
  });

  it("replacing a key counts its bytes once", () => {
    const lru = new ByteLru(10, 10);
    lru.set("a", bytes(6));
    lru.set("a", bytes(3));
    expect(lru.size).toBe(3);
    expect(lru.get("a")?.byteLength).toBe(3);
  });
});
