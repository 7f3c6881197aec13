import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import ClubTime from "../../src/components/ClubTime";
import { loadClubTimeText, provideClubTimeText, registerClubTimeText } from "../../src/components/club-time";
import { clubTimeText, type ClubTimeFormat } from "../../src/domain/date-format";

// One module state for the file: the steps run in order, as a browser meets them.
describe("ClubTime (spec §9 dates, printed by the server and kept by the browser)", () => {
  const kickOff = <ClubTime iso="2024-10-05T14:00:00Z" format="kickOff" className="x" />;

  it("renders no text of its own before it has a formatter (a hydrating browser keeps the server's)", () => {
    expect(renderToString(kickOff)).toBe('<time class="x" dateTime="2024-10-05T14:00:00Z"></time>');
  });

  it("loads the registered formatter once, and prints the club's text in London time with it", async () => {
    let loads = 0;
    registerClubTimeText(async () => {
      loads += 1;
      return clubTimeText;
    });
    await Promise.all([loadClubTimeText(), loadClubTimeText()]);
    await loadClubTimeText();
    expect(loads).toBe(1);
    expect(renderToString(kickOff)).toBe('<time class="x" dateTime="2024-10-05T14:00:00Z">15:00</time>');
  });

  it("prints each named format as spec §9 has it", () => {
    provideClubTimeText(clubTimeText);
    const iso = "2024-08-03T18:30:00Z";
    const formats: ClubTimeFormat[] = ["date", "matchDate", "kickOff", "longDate", "month"];
    expect(formats.map((format) => clubTimeText(iso, format))).toEqual([
      "3 Aug 2024",
      "Sat 3 Aug",
      "19:30",
      "3 August 2024",
      "August 2024",
    ]);
  });
});
