import { describe, expect, it } from "vitest";
import { filterAdverts, filterHeaderSponsors, filterSponsorRows, filterSponsors, filterTeams } from "../../src/domain/child-friendly";
import type { SponsorRow } from "../../src/schemas/shell";

const sponsor = (sponsorID: number, isChildFriendly: boolean) => ({
  sponsorID, campaignID: null, title: `S${sponsorID}`, url: "https://x.example", imageKey: "k", forcedOrder: sponsorID, isChildFriendly,
});

describe("child-friendly filters (spec §1, §5)", () => {
  it("adverts, header sponsors and teams: only flagged ones in child-friendly mode, all otherwise", () => {
    const items = [{ id: 1, childFriendly: true }, { id: 2, childFriendly: false }];
    expect(filterAdverts(items, true).map((i) => i.id)).toEqual([1]);
    expect(filterAdverts(items, false).map((i) => i.id)).toEqual([1, 2]);
    expect(filterHeaderSponsors(items, true).map((i) => i.id)).toEqual([1]);
    expect(filterHeaderSponsors(items, false)).toHaveLength(2);
    const teams = [
      { slug: "", childFriendly: false },
      { slug: "womens-first-team", childFriendly: false },
      { slug: "b-team", childFriendly: true },
      { slug: "u18", childFriendly: true },
    ];
    expect(filterTeams(teams, true).map((t) => t.slug)).toEqual(["b-team", "u18"]);
    expect(filterTeams(teams, false)).toHaveLength(4);
  });

  it("sponsors use isChildFriendly; rows left empty are dropped", () => {
    expect(filterSponsors([sponsor(1, true), sponsor(2, false)], true).map((s) => s.sponsorID)).toEqual([1]);
    const rows: SponsorRow[] = [
      { rowID: 1, title: "Partners", titleSize: "h3", sponsorSize: "large", forcedOrder: 1, sponsors: [sponsor(1, true), sponsor(2, false)] },
      { rowID: 2, title: "Suppliers", titleSize: "h4", sponsorSize: "small", forcedOrder: 2, sponsors: [sponsor(3, false)] },
    ];
    const cf = filterSponsorRows(rows, true);
    expect(cf).toHaveLength(1);
    expect(cf[0]?.sponsors.map((s) => s.sponsorID)).toEqual([1]);
    expect(filterSponsorRows(rows, false)).toEqual(rows);
    // input untouched
    expect(rows[0]?.sponsors).toHaveLength(2);
  });
});
