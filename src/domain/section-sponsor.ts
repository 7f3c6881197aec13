/**
 * Spec §3 'Section sponsor slot' (active, sectionID, name, type app or web, sponsor): the slot a
 * section of the web site shows. Only an active web slot (app slots belong to the club's app), and
 * in child-friendly mode only one whose sponsor is flagged child friendly, as for every sponsor
 * (spec §1, §5). The first such slot of the section wins, so a section shows one sponsor at most.
 */
import type { SectionSponsor } from "../schemas/shell";

export function sectionSponsorFor(
  slots: readonly SectionSponsor[],
  sectionID: string,
  childFriendly: boolean,
): SectionSponsor | null {
  return (
    slots.find(
      (slot) =>
        slot.sectionID === sectionID &&
        slot.active &&
        slot.type === "web" &&
        (!childFriendly || slot.sponsor.isChildFriendly),
    ) ?? null
  );
}

/** The slots child-friendly mode may carry at all: the server leaves the others out of the data. */
export function childFriendlySectionSponsors(slots: readonly SectionSponsor[], childFriendly: boolean): SectionSponsor[] {
  return childFriendly ? slots.filter((slot) => slot.sponsor.isChildFriendly) : [...slots];
}
