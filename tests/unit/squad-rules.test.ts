import { describe, expect, it } from "vitest";
import { checkPlayer, dayText, holdsShirt, inSquad, isDay, portraitKey, shirtHolder, squadState, statusLine, type PlayerFields, type SquadFacts } from "../../src/domain/squad-rules";

const player = (changes: Partial<SquadFacts> = {}): SquadFacts => ({ id: 1, squadNumber: 9, releasedOn: null, loanKind: null, loanClub: null, loanFrom: null, loanUntil: null, ...changes });
const loanOut = player({ loanKind: "out", loanClub: "Harbour Town", loanFrom: "2025-01-10", loanUntil: "2025-05-31" });
const loanIn = player({ id: 2, loanKind: "in", loanClub: "Castle United", loanFrom: "2025-01-10", loanUntil: "2025-05-31" });

describe("squadState and inSquad: a loan at a date", () => {
  it("keeps a player without a loan or a release in the squad", () => {
    expect(squadState(player(), "2025-03-01")).toEqual({ kind: "squad" });
    expect(inSquad(player(), "2025-03-01")).toBe(true);
  });

  it("takes a player loaned out off the squad from the loan's first day to its last, both included, and brings him back the day after", () => {
    expect(inSquad(loanOut, "2025-01-09")).toBe(true);
    expect(inSquad(loanOut, "2025-01-10")).toBe(false);
    expect(squadState(loanOut, "2025-05-31")).toEqual({ kind: "loan-out", club: "Harbour Town", until: "2025-05-31" });
    expect(inSquad(loanOut, "2025-06-01")).toBe(true);
  });

  it("has a loan player in the squad only while his loan runs", () => {
    expect(squadState(loanIn, "2025-01-01").kind).toBe("loan-in-ahead");
    expect(inSquad(loanIn, "2025-01-01")).toBe(false);
    expect(inSquad(loanIn, "2025-02-01")).toBe(true);
    expect(squadState(loanIn, "2025-06-01").kind).toBe("loan-in-ended");
    expect(inSquad(loanIn, "2025-06-01")).toBe(false);
  });

  it("takes a released player off from his release day on", () => {
    const released = player({ releasedOn: "2025-02-01" });
    expect(inSquad(released, "2025-01-31")).toBe(true);
    expect(squadState(released, "2025-02-01")).toEqual({ kind: "released", on: "2025-02-01" });
  });

  it("says where he is as the profile prints it (D MMM YYYY)", () => {
    expect(statusLine(squadState(loanOut, "2025-03-01"))).toBe("On loan at Harbour Town until 31 May 2025");
    expect(statusLine(squadState(loanIn, "2025-03-01"))).toBe("On loan from Castle United until 31 May 2025");
    expect(statusLine(squadState(player({ releasedOn: "2025-02-01" }), "2025-03-01"))).toBe("Left the club on 1 Feb 2025");
    expect(statusLine(squadState(player(), "2025-03-01"))).toBeNull();
    expect(dayText("2026-12-05")).toBe("5 Dec 2026");
  });
});

describe("shirt numbers: unique in a squad", () => {
  it("finds the other holder of a number, never the player himself", () => {
    const squad = [player({ id: 1, squadNumber: 9 }), player({ id: 2, squadNumber: 10 })];
    expect(shirtHolder(squad, 9, null, "2025-03-01")?.id).toBe(1);
    expect(shirtHolder(squad, 9, 1, "2025-03-01")).toBeNull();
    expect(shirtHolder(squad, 11, null, "2025-03-01")).toBeNull();
    expect(shirtHolder(squad, null, null, "2025-03-01")).toBeNull();
  });

  it("keeps a loaned-out player's number his, and frees a released player's and an ended loan's", () => {
    expect(holdsShirt(loanOut, "2025-03-01")).toBe(true);
    expect(holdsShirt(player({ releasedOn: "2025-02-01" }), "2025-03-01")).toBe(false);
    expect(holdsShirt(loanIn, "2025-03-01")).toBe(true);
    expect(holdsShirt(loanIn, "2025-06-01")).toBe(false);
  });
});

const form = (changes: Partial<PlayerFields> = {}): PlayerFields => ({
  team: "first-team",
  firstName: "Sam",
  lastName: "Okafor",
  position: "Forward",
  shirtNumber: "19",
  dateOfBirth: "2001-07-14",
  nationality: "England",
  bio: "",
  photo: "media:12",
  loanKind: "none",
  loanClub: "",
  loanFrom: "",
  loanUntil: "",
  ...changes,
});
const teams = ["", "academy"];

describe("checkPlayer", () => {
  it("accepts a full signing and reads the first team as ''", () => {
    const result = checkPlayer(form(), teams, "2025-03-01");
    expect(result).toEqual({ ok: true, player: expect.objectContaining({ teamSlug: "", squadNumber: 19, position: "Forward", photo: "media:12", loan: null }) });
  });

  it("puts every problem on its field", () => {
    const result = checkPlayer(
      form({ team: "reserves", firstName: " ", position: "Striker", shirtNumber: "100", dateOfBirth: "2001-02-30", nationality: "", photo: "https://example.com/a.jpg", loanKind: "in", loanClub: "", loanFrom: "2025-06-01", loanUntil: "2025-05-01" }),
      teams,
      "2025-03-01",
    );
    expect(result.ok ? [] : result.problems.map((p) => p.field)).toEqual(["team", "firstName", "position", "shirtNumber", "dateOfBirth", "nationality", "photo", "loanClub", "loanUntil"]);
  });

  it("allows no shirt number and refuses a birth date not in the past", () => {
    expect(checkPlayer(form({ shirtNumber: "" }), teams, "2025-03-01")).toMatchObject({ ok: true, player: { squadNumber: null } });
    expect(checkPlayer(form({ dateOfBirth: "2025-03-01" }), teams, "2025-03-01")).toMatchObject({ ok: false, problems: [{ field: "dateOfBirth" }] });
  });

  it("reads a loan in with its dates", () => {
    const result = checkPlayer(form({ loanKind: "in", loanClub: "Castle United", loanFrom: "2025-01-10", loanUntil: "2025-05-31" }), teams, "2025-03-01");
    expect(result).toMatchObject({ ok: true, player: { loan: { kind: "in", club: "Castle United", from: "2025-01-10", until: "2025-05-31" } } });
  });

  it("knows a calendar day and names a generated portrait for a player without a photo", () => {
    expect(isDay("2024-02-29")).toBe(true);
    expect(isDay("2025-02-29")).toBe(false);
    expect(portraitKey("", "sam-okafor")).toBe("player-sam-okafor");
    expect(portraitKey("media:3", "sam-okafor")).toBe("media:3");
  });
});
