import { club } from "../config/club";
import { safeLink } from "./link-rule";

/**
 * Where a match's 'Buy Tickets' goes: the fixture's own tickets link when the club set one in the
 * console (Fixtures and results), else the club's shop. The link rule applies again here, so a
 * value written straight into D1 that breaks it falls back to the shop instead of being rendered.
 */
export function ticketsLink(match: { ticketsUrl?: string | undefined }): string {
  return safeLink("site-path-or-https", match.ticketsUrl) ?? club.links.buyTickets;
}
