import { describe, expect, it } from "vitest";
import { ticketsLink } from "../../src/domain/match-tickets";
import { club } from "../../src/config/club";

describe("ticketsLink", () => {
  it("is the fixture's own link when it keeps the link rule, else the club's shop", () => {
    expect(ticketsLink({ ticketsUrl: "https://tickets.example.com/ashcombe" })).toBe("https://tickets.example.com/ashcombe");
    expect(ticketsLink({ ticketsUrl: "/tickets/ashcombe" })).toBe("/tickets/ashcombe");
    expect(ticketsLink({})).toBe(club.links.buyTickets);
    for (const bad of ["javascript:alert(1)", "//evil.example", "http://tickets.example.com"]) expect(ticketsLink({ ticketsUrl: bad }), bad).toBe(club.links.buyTickets);
  });
});
