import { describe, expect, it } from "vitest";
import { childFriendlyShell } from "../../worker/content/child-friendly-shell";
import { filterOverlayPromos, filterTeams, teamTabsShown } from "../../src/domain/child-friendly";
import type { Shell } from "../../src/schemas/shell";
import type { Team } from "../../src/schemas/teams";

const sponsor = (sponsorID: number, isChildFriendly: boolean) => ({
  sponsorID, campaignID: null, title: `S${sponsorID}`, url: "https://x.example", imageKey: "k", forcedOrder: sponsorID, isChildFriendly,
});
const advert = (id: number, childFriendly: boolean) => ({
  id, advertName: `A${id}`, advertRef: `R${id}`, campaignRef: "C", url: "/x", enabled: true, channel: "" as const, childFriendly,
  startUTC: "2024-01-01T00:00:00Z", endUTC: "2030-01-01T00:00:00Z", mobileImageKey: "m", desktopImageKey: "d", slotType: "mpu" as const,
});
const shell: Shell = {
  sponsorRows: [
    { rowID: 1, title: "Partners", titleSize: "h3", sponsorSize: "large", forcedOrder: 1, sponsors: [sponsor(1, true), sponsor(2, false)] },
    { rowID: 2, title: "Betting", titleSize: "h4", sponsorSize: "small", forcedOrder: 2, sponsors: [sponsor(3, false)] },
  ],
  headerSponsors: [
    { name: "H1", imageKey: "h1", sponsorUrl: "https://h1.example", childFriendly: true },
    { name: "H2", imageKey: "h2", sponsorUrl: "https://h2.example", childFriendly: false },
  ],
  adverts: [advert(1, true), advert(2, false)],
  settings: { "footer.builtOn": "x" },
  memberships: [],
  sectionSponsors: [],
};
const team = (slug: string, childFriendly: boolean) => ({ slug, childFriendly }) as Team;
// spec §3: of the four teams only the B team and U18 are child friendly
const clubTeams = [team("", false), team("womens-first-team", false), team("b-team", true), team("u18", true)];
const tabs = ["", "womens-first-team", "b-team", "u18"].map((slug) => ({ slug }));

describe("child-friendly mode on the server's data", () => {
  it.each([
    // mode, sponsors per row, header sponsors, adverts
    [true, [[1]], ["H1"], [1]],
    [false, [[1, 2], [3]], ["H1", "H2"], [1, 2]],
  ] as const)("child-friendly %s", (mode, rows, header, adverts) => {
    const out = childFriendlyShell(shell, mode);
    expect(out.sponsorRows.map((r) => r.sponsors.map((s) => s.sponsorID))).toEqual(rows);
    expect(out.headerSponsors.map((h) => h.name)).toEqual(header);
    expect(out.adverts.map((a) => a.id)).toEqual(adverts);
    // the rest of the shell is untouched
    expect(out.settings).toBe(shell.settings);
  });

  it("lists only the B team and U18 in child-friendly mode, all four outside it", () => {
    expect(filterTeams(clubTeams, true).map((t) => t.slug)).toEqual(["b-team", "u18"]);
    expect(filterTeams(clubTeams, false).map((t) => t.slug)).toEqual(["", "womens-first-team", "b-team", "u18"]);
  });

  it.each([
    // listed in the mode, the team on show, the tabs shown
    [true, "b-team", ["b-team", "u18"]],
    [true, "", ["", "b-team", "u18"]],
    [true, "womens-first-team", ["womens-first-team", "b-team", "u18"]],
    [false, "", ["", "womens-first-team", "b-team", "u18"]],
  ] as const)("team tabs in mode %s on team '%s': %o", (mode, current, shown) => {
    expect(teamTabsShown(tabs, filterTeams(clubTeams, mode), current).map((t) => t.slug)).toEqual(shown);
  });

  it("overlay promos follow the same flag", () => {
    const promos = [{ promoID: 1, childFriendly: true }, { promoID: 2, childFriendly: false }];
    expect(filterOverlayPromos(promos, true).map((p) => p.promoID)).toEqual([1]);
    expect(filterOverlayPromos(promos, false).map((p) => p.promoID)).toEqual([1, 2]);
  });
});
