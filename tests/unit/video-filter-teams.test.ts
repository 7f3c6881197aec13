import { describe, expect, it } from "vitest";
import { videoFiltersFor } from "../../src/data/video-filter";

const teamValues = (listed: { slug: string }[], current?: Parameters<typeof videoFiltersFor>[1]) =>
  videoFiltersFor(listed, current)
    .find((d) => d.type === "teamPicker")
    ?.values.map((v) => v.value);

describe("the video browse team picker follows the listed teams", () => {
  it("offers only the listed teams (child-friendly mode lists the B team and U18)", () => {
    expect(teamValues([{ slug: "b-team" }, { slug: "u18" }])).toEqual(["b-team", "u18"]);
  });

  it("offers every team when all are listed ('' is the first team)", () => {
    expect(teamValues([{ slug: "" }, { slug: "womens-first-team" }, { slug: "b-team" }, { slug: "u18" }])).toHaveLength(4);
  });

  it("keeps the team already chosen, and leaves the other pickers alone", () => {
    expect(teamValues([{ slug: "u18" }], "first-team")).toEqual(["first-team", "u18"]);
    expect(videoFiltersFor([], undefined).map((d) => d.values.length)).toEqual([0, expect.any(Number), 3]);
  });
});
