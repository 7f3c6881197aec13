import { describe, expect, it } from "vitest";
import { childFriendlySectionSponsors, sectionSponsorFor } from "../../src/domain/section-sponsor";
import type { SectionSponsor } from "../../src/schemas/shell";

const slot = (name: string, over: Partial<SectionSponsor> = {}, childFriendly = true): SectionSponsor => ({
  sectionID: "matches",
  name,
  type: "web",
  active: true,
  sponsor: { title: `${name} Ltd`, url: "https://sponsor.example/", imageKey: "sponsor-x", isChildFriendly: childFriendly },
  ...over,
});

describe("section sponsor slots (spec §3 'Section sponsor slot')", () => {
  it("an active web slot of the section shows; the first of several wins", () => {
    expect(sectionSponsorFor([slot("A"), slot("B")], "matches", true)?.name).toBe("A");
  });

  it.each([
    ["inactive", slot("A", { active: false })],
    ["app", slot("A", { type: "app" })],
    ["another section's", slot("A", { sectionID: "news" })],
  ])("an %s slot does not show", (_kind, s) => {
    expect(sectionSponsorFor([s], "matches", false)).toBeNull();
  });

  it("child-friendly mode skips a sponsor not flagged child friendly, for the next one that is", () => {
    const slots = [slot("Bet", {}, false), slot("Motors")];
    expect(sectionSponsorFor(slots, "matches", true)?.name).toBe("Motors");
    expect(sectionSponsorFor(slots, "matches", false)?.name).toBe("Bet");
    expect(sectionSponsorFor([slot("Bet", {}, false)], "matches", true)).toBeNull();
  });

  it("the server's child-friendly data leaves the others out", () => {
    const slots = [slot("Bet", {}, false), slot("Motors")];
    expect(childFriendlySectionSponsors(slots, true).map((s) => s.name)).toEqual(["Motors"]);
    expect(childFriendlySectionSponsors(slots, false).map((s) => s.name)).toEqual(["Bet", "Motors"]);
  });
});
