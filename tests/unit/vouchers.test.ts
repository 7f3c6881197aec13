import { describe, expect, it } from "vitest";
import {
  checkBatch,
  generateVoucherCodes,
  grantsText,
  groupedCode,
  lastRedeemDay,
  normaliseVoucherCode,
  VOUCHER_ALPHABET,
  VOUCHER_CODE_LENGTH,
  voucherRefusal,
  vouchersCsv,
  voucherStatus,
  voucherWindow,
} from "../../src/domain/vouchers";
import { endOfClubDay } from "../../src/domain/access-grants";

/** A byte source that counts up: every code it makes is known in advance. */
function counting(): (n: number) => Uint8Array {
  let next = 0;
  return (n) => Uint8Array.from({ length: n }, () => next++ & 255);
}

describe("voucher codes", () => {
  it("uses no 0, O, 1 or I, and 32 symbols so a byte picks one without bias", () => {
    expect(VOUCHER_ALPHABET).toHaveLength(32);
    expect(new Set(VOUCHER_ALPHABET).size).toBe(32);
    for (const ch of "0O1I") expect(VOUCHER_ALPHABET).not.toContain(ch);
  });

  it("makes the number asked for, distinct, 12 symbols of the alphabet each", () => {
    const codes = generateVoucherCodes(1000, (n) => crypto.getRandomValues(new Uint8Array(n)));
    expect(codes).toHaveLength(1000);
    expect(new Set(codes).size).toBe(1000);
    for (const code of codes) expect(code).toMatch(new RegExp(`^[${VOUCHER_ALPHABET}]{${VOUCHER_CODE_LENGTH}}$`));
  });

  it("draws again when a code repeats (a byte source that repeats itself)", () => {
    let calls = 0;
    const codes = generateVoucherCodes(2, (n) => {
      calls += 1;
      return new Uint8Array(n).fill(calls < 3 ? 0 : 1);
    });
    expect(codes).toEqual(["AAAAAAAAAAAA", "BBBBBBBBBBBB"]);
    expect(calls).toBe(3);
  });

  it("maps each byte's low five bits to a symbol", () => {
    expect(generateVoucherCodes(1, counting())).toEqual(["ABCDEFGHJKLM"]);
  });

  it("is shown in groups of four", () => {
    expect(groupedCode("ABCDEFGHJKLM")).toBe("ABCD-EFGH-JKLM");
  });

  it("matches a typed code whatever its case, spaces and dashes", () => {
    for (const typed of ["ABCD-EFGH-JKLM", "abcd-efgh-jklm", " abcd efgh jklm ", "ABCDEFGHJKLM", "ab-cd--ef gh-jklm"]) expect(normaliseVoucherCode(typed), typed).toBe("ABCDEFGHJKLM");
  });

  it("refuses what cannot be a code: wrong length, a symbol outside the alphabet", () => {
    for (const typed of ["", "ABCD-EFGH-JKL", "ABCD-EFGH-JKLMN", "ABCD-EFGH-JKL0", "ABCD-EFGH-JKLI", "ROVERS2025", "ABCD_EFGH_JKLM"]) expect(normaliseVoucherCode(typed), typed).toBeNull();
  });
});

describe("a batch's fields", () => {
  const now = Date.parse("2026-11-30T10:00:00Z");
  const grantable = ["roverstv", "roverstv+"];
  const good = { name: "Derby stream failure", entitlements: ["roverstv"], count: 3, periodDays: 30, redeemBy: "2026-12-31" };
  const fields = (input: Partial<typeof good>) => checkBatch({ ...good, ...input }, grantable, now).problems.map((p) => p.field);

  it("accepts a good batch and gives the instant the London day after redeem-by starts", () => {
    expect(checkBatch(good, grantable, now)).toEqual({ problems: [], redeemByEnd: "2027-01-01T00:00:00.000Z" });
    // in summer London is an hour ahead
    expect(checkBatch({ ...good, redeemBy: "2027-07-01" }, grantable, now).redeemByEnd).toBe("2027-07-01T23:00:00.000Z");
  });

  it("names each bad field", () => {
    expect(fields({ name: "  " })).toEqual(["name"]);
    expect(fields({ name: "x".repeat(121) })).toEqual(["name"]);
    expect(fields({ entitlements: [] })).toEqual(["entitlements"]);
    expect(fields({ entitlements: ["vip"] })).toEqual(["entitlements"]);
    expect(fields({ count: 0 })).toEqual(["count"]);
    expect(fields({ count: 1001 })).toEqual(["count"]);
    expect(fields({ count: 2.5 })).toEqual(["count"]);
    expect(fields({ count: Number.NaN })).toEqual(["count"]);
    expect(fields({ periodDays: 0 })).toEqual(["periodDays"]);
    expect(fields({ periodDays: 367 })).toEqual(["periodDays"]);
    expect(fields({ redeemBy: "31/12/2026" })).toEqual(["redeemBy"]);
    expect(fields({ redeemBy: "2026-02-30" })).toEqual(["redeemBy"]);
    expect(fields({ redeemBy: "2026-11-29" })).toEqual(["redeemBy"]);
    expect(fields({ redeemBy: "2029-01-01" })).toEqual(["redeemBy"]);
    expect(fields({ name: "", entitlements: [], count: 0, periodDays: 0, redeemBy: "" })).toEqual(["name", "entitlements", "count", "periodDays", "redeemBy"]);
  });

  it("accepts the bounds: one code, 1,000 codes, 1 and 366 days, today as the last day", () => {
    expect(fields({ count: 1 })).toEqual([]);
    expect(fields({ count: 1000 })).toEqual([]);
    expect(fields({ periodDays: 1 })).toEqual([]);
    expect(fields({ periodDays: 366 })).toEqual([]);
    expect(fields({ redeemBy: "2026-11-30" })).toEqual([]);
  });
});

describe("redemption", () => {
  const now = Date.parse("2026-11-30T10:15:00Z");
  const open = { redeemedAt: null, revokedAt: null, redeemBy: endOfClubDay("2026-12-31")! };

  it("grants from now for the batch's days, the end exclusive", () => {
    expect(voucherWindow(30, now)).toEqual({ startsAt: "2026-11-30T10:15:00.000Z", endsAt: "2026-12-30T10:15:00.000Z" });
  });

  it("refuses an unknown, used, revoked or expired code, in that order", () => {
    expect(voucherRefusal(null, now)).toBe("VOUCHER_UNKNOWN");
    expect(voucherRefusal(open, now)).toBeNull();
    expect(voucherRefusal({ ...open, redeemedAt: "2026-11-01T00:00:00Z", revokedAt: "2026-11-02T00:00:00Z" }, now)).toBe("VOUCHER_USED");
    expect(voucherRefusal({ ...open, revokedAt: "2026-11-02T00:00:00Z", redeemBy: "2026-11-01T00:00:00Z" }, now)).toBe("VOUCHER_REVOKED");
    expect(voucherRefusal({ ...open, redeemBy: "2026-11-30T10:15:00.000Z" }, now)).toBe("VOUCHER_EXPIRED");
    expect(voucherRefusal({ ...open, redeemBy: "2026-11-30T10:15:00.001Z" }, now)).toBeNull();
  });

  it("lists each code's state", () => {
    expect(voucherStatus(open, now)).toBe("unused");
    expect(voucherStatus({ ...open, redeemedAt: "2026-11-01T00:00:00Z" }, now)).toBe("redeemed");
    expect(voucherStatus({ ...open, revokedAt: "2026-11-01T00:00:00Z" }, now)).toBe("revoked");
    expect(voucherStatus({ ...open, redeemBy: "2026-11-01T00:00:00Z" }, now)).toBe("expired");
  });
});

describe("what the console shows", () => {
  it("writes the codes as CSV, with quotes and spreadsheet formulas defused", () => {
    const csv = vouchersCsv([
      { code: "ABCD-EFGH-JKLM", status: "unused", redeemedBy: null, redeemedAt: null },
      { code: "NPQR-STUV-WXYZ", status: "redeemed", redeemedBy: "=cmd@x.test", redeemedAt: "2026-11-30T10:15:00.000Z" },
      { code: "2345-6789-ABCD", status: "redeemed", redeemedBy: 'a,"b"@x.test', redeemedAt: "2026-11-30T10:16:00.000Z" },
    ]);
    expect(csv).toBe(
      "code,status,redeemed_by,redeemed_at\r\nABCD-EFGH-JKLM,unused,,\r\nNPQR-STUV-WXYZ,redeemed,'=cmd@x.test,2026-11-30T10:15:00.000Z\r\n2345-6789-ABCD,redeemed,\"a,\"\"b\"\"@x.test\",2026-11-30T10:16:00.000Z\r\n",
    );
  });

  it("names the last redeem day in London time and what a batch grants by package title", () => {
    expect(lastRedeemDay("2027-01-01T00:00:00.000Z")).toBe("31 Dec 2026");
    expect(lastRedeemDay("2027-07-01T23:00:00.000Z")).toBe("1 Jul 2027");
    expect(grantsText(["roverstv", "gone"], [{ code: "roverstv", title: "Rovers TV (Video)" }])).toBe("Rovers TV (Video), gone");
  });
});
