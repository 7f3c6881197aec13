import type { Shell } from "../../src/schemas/shell";
import { filterAdverts, filterHeaderSponsors, filterSponsorRows } from "../../src/domain/child-friendly";
import { childFriendlySectionSponsors } from "../../src/domain/section-sponsor";

/**
 * Child-friendly mode on the server (spec §1, §5): what is not flagged child
 * friendly is left out of the data itself (the HTML and the router data SSR sends, and the API's
 * JSON), not only hidden by the components. The components filter again with the same rule, so
 * the switch changes the page at once in the browser too.
 */
export function childFriendlyShell(shell: Shell, childFriendly: boolean): Shell {
  if (!childFriendly) return shell;
  return {
    ...shell,
    sponsorRows: filterSponsorRows(shell.sponsorRows, true),
    headerSponsors: filterHeaderSponsors(shell.headerSponsors, true),
    adverts: filterAdverts(shell.adverts, true),
    sectionSponsors: childFriendlySectionSponsors(shell.sectionSponsors, true),
  };
}
