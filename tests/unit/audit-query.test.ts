import { describe, expect, it } from "vitest";
import { auditQueryOf, auditSearch, dayAfter } from "../../src/domain/audit-query";

describe("the audit log's filter", () => {
  it("reads what is there and leaves out what is not a value", () => {
    const query = auditQueryOf(new URLSearchParams("actor=%20staff:1%20&q=adverts&from=2026-11-01&to=2026-13-40&before=-3&x=1"));
    expect(query).toEqual({ actor: "staff:1", q: "adverts", from: "2026-11-01", to: undefined, before: undefined });
    expect(auditQueryOf(new URLSearchParams("before=120")).before).toBe(120);
  });

  it("writes the query back, empty parts left out, in one order", () => {
    expect(auditSearch({ before: 5, q: "x y", actor: undefined })).toBe("q=x+y&before=5");
    expect(auditSearch({})).toBe("");
  });

  it("takes the whole 'to' day", () => {
    expect(dayAfter("2026-12-31")).toBe("2027-01-01T00:00:00.000Z");
  });
});
