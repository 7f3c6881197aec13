import { describe, expect, it } from "vitest";
import { movesFrom, nextStatus, scheduleRefusal, slugLocked } from "../../src/domain/article-state";

describe("an article's states", () => {
  it("moves draft → scheduled → published → unpublished, and back to a draft from a schedule", () => {
    expect(nextStatus("draft", "schedule")).toBe("scheduled");
    expect(nextStatus("scheduled", "publish")).toBe("published");
    expect(nextStatus("published", "unpublish")).toBe("unpublished");
    expect(nextStatus("unpublished", "publish")).toBe("published");
    expect(nextStatus("scheduled", "unschedule")).toBe("draft");
  });

  it("refuses moves that make no sense", () => {
    expect(nextStatus("draft", "unpublish")).toBeNull();
    expect(nextStatus("published", "schedule")).toBeNull();
    expect(nextStatus("draft", "unschedule")).toBeNull();
    expect(nextStatus("unpublished", "unpublish")).toBeNull();
  });

  it("offers 'publish' on a published article only with edits waiting", () => {
    expect(movesFrom("published", false)).toEqual(["unpublish"]);
    expect(movesFrom("published", true)).toEqual(["publish", "unpublish"]);
    expect(movesFrom("draft", false)).toEqual(["publish", "schedule"]);
    expect(movesFrom("scheduled", false)).toEqual(["publish", "schedule", "unschedule"]);
  });

  it("schedules only a minute or more ahead, and a real time", () => {
    const now = new Date("2026-11-29T10:00:00Z");
    expect(scheduleRefusal("2026-11-29T10:01:00Z", now)).toBeNull();
    expect(scheduleRefusal("2026-11-29T10:00:59Z", now)).toMatch(/at least a minute/);
    expect(scheduleRefusal("2026-11-29T09:00:00Z", now)).toMatch(/at least a minute/);
    expect(scheduleRefusal("tomorrow", now)).toBe("Enter a date and time");
  });

  it("fixes the address once the article has been public", () => {
    expect(slugLocked("draft", false)).toBe(false);
    expect(slugLocked("published", true)).toBe(true);
    expect(slugLocked("unpublished", true)).toBe(true);
    expect(slugLocked("draft", true)).toBe(true);
  });
});
