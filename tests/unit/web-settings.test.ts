import { describe, expect, it } from "vitest";
import { copyrightLine } from "../../src/data/web-settings";

describe("copyrightLine", () => {
  it("is the club's setting when it has one, in either key spelling", () => {
    expect(copyrightLine({ "footer.copyright": "© 2024 Rovers Ltd" }, 2026, "Rovers")).toBe("© 2024 Rovers Ltd");
    expect(copyrightLine({ footer_copyright: "© Rovers" }, 2026, "Rovers")).toBe("© Rovers");
  });
  it("falls back to the year and the club's name when it is unset or empty", () => {
    expect(copyrightLine({}, 2026, "Northbridge Rovers FC")).toBe("© 2026 Northbridge Rovers FC");
    expect(copyrightLine({ "footer.copyright": "" }, 2027, "Rovers")).toBe("© 2027 Rovers");
  });
});
