import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { account, roleAccount, staffAccount } from "./staff-accounts";
import type { Browser } from "./auth-test-app";
import { browser } from "./auth-test-app";
import type { VoucherBatch, VoucherCodeView } from "../../src/schemas/console-vouchers";
import { STAFF_ROLES, ROLE_CAPABILITIES } from "../../src/domain/staff-roles";

/**
 * Vouchers: the console's batches (worker/console/vouchers.ts) and the site's redemption
 * (worker/vouchers/redeem-routes.ts), a grant of access_grants with source 'voucher'.
 */

const json = (body: unknown): RequestInit => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

/** A London date `days` from now, as the form sends it. */
const londonDate = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Europe/London" });

const BATCH = { name: "Derby stream failure", entitlements: ["roverstv"], count: 3, periodDays: 30, redeemBy: londonDate(10) };

async function issue(staff: Browser, body: Partial<typeof BATCH> = {}): Promise<{ batch: VoucherBatch; codes: VoucherCodeView[] }> {
  const res = await staff.fetch("/api/console/vouchers", json({ ...BATCH, ...body }));
  expect(res.status).toBe(201);
  const { batch } = ((await res.json()) as { data: { attributes: { batch: VoucherBatch } } }).data.attributes;
  return { batch, codes: await codesOf(staff, batch.id) };
}

async function codesOf(staff: Browser, id: number): Promise<VoucherCodeView[]> {
  const res = await staff.fetch(`/api/console/vouchers/${id}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { attributes: { codes: VoucherCodeView[] } } }).data.attributes.codes;
}

const redeem = (b: Browser, code: string) => b.fetch("/api/vouchers/redeem", json({ code }));

async function held(b: Browser): Promise<string[]> {
  const res = await b.fetch("/api/session");
  return ((await res.json()) as { data: { attributes: { entitlements: string[] } } | null }).data?.attributes.entitlements ?? [];
}

const errorOf = async (res: Response) => ((await res.json()) as { errors: { code: string; detail: string; field?: string }[] }).errors[0];

afterEach(() => {
  vi.useRealTimers();
});

describe("issuing a batch", () => {
  it("makes the codes in one write, lists the batch with its counts, and audits it with before and after", async () => {
    const { b: staff, identity } = await staffAccount();
    const { batch, codes } = await issue(staff);
    expect(batch).toMatchObject({ name: "Derby stream failure", entitlements: ["roverstv"], periodDays: 30, issued: 3, redeemed: 0, revokedAt: null, createdBy: identity.ssoID });
    expect(codes).toHaveLength(3);
    for (const c of codes) expect(c).toMatchObject({ code: expect.stringMatching(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/), status: "unused", redeemedBy: null });

    const list = ((await (await staff.fetch("/api/console/vouchers")).json()) as { data: { attributes: { batches: VoucherBatch[]; grantable: { code: string; title: string }[] } } }).data.attributes;
    expect(list.batches[0]).toMatchObject({ id: batch.id, issued: 3, redeemed: 0 });
    expect(list.grantable).toContainEqual({ code: "roverstv", title: "Rovers TV (Video)" });

    const audit = await env.DB.prepare("SELECT actor, action, status, detail FROM admin_audit_log WHERE action = 'vouchers.create' AND actor = ?1").bind(`staff:${identity.ssoID}`).all<{ status: number; detail: string }>();
    expect(audit.results.map((a) => a.status)).toEqual([201]);
    const detail = JSON.parse(audit.results[0]!.detail);
    expect(detail).toMatchObject({ via: "console", before: null, after: { id: batch.id, issued: 3 } });
    // the codes themselves stay out of the audit log
    for (const c of codes) expect(audit.results[0]!.detail).not.toContain(c.code.replaceAll("-", ""));
  });

  it("makes 1,000 codes at once, all distinct", async () => {
    const { b: staff } = await staffAccount();
    const { batch, codes } = await issue(staff, { count: 1000, name: "Season ticket holders" });
    expect(batch.issued).toBe(1000);
    expect(new Set(codes.map((c) => c.code)).size).toBe(1000);
  });

  it("refuses each bad field beside it, writes nothing, and audits the refusal", async () => {
    const { b: staff, identity } = await staffAccount();
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM voucher_codes").first<{ n: number }>();
    const res = await staff.fetch("/api/console/vouchers", json({ name: " ", entitlements: ["everything"], count: 1001, periodDays: 0, redeemBy: londonDate(-1) }));
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { errors: { code: string; field?: string }[] };
    expect(answer.errors.map((e) => e.field).sort()).toEqual(["count", "entitlements", "name", "periodDays", "redeemBy"]);
    expect(answer.errors.every((e) => e.code === "INVALID_INPUT")).toBe(true);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM voucher_codes").first<{ n: number }>()).toEqual(before);
    const audit = await env.DB.prepare("SELECT status FROM admin_audit_log WHERE action = 'vouchers.create' AND actor = ?1").bind(`staff:${identity.ssoID}`).all<{ status: number }>();
    expect(audit.results.map((a) => a.status)).toEqual([400]);
  });

  it("is all or nothing: a code that collides with one stored fails the whole batch", async () => {
    const { b: staff } = await staffAccount();
    const { codes } = await issue(staff, { count: 1 });
    const taken = codes[0]!.code.replaceAll("-", "");
    const batches = await env.DB.prepare("SELECT COUNT(*) AS n FROM voucher_batches").first<{ n: number }>();
    await expect(
      env.DB.batch([
        env.DB.prepare("INSERT INTO voucher_batches (name, entitlements, period_days, redeem_by, created_by) VALUES ('x', '[\"roverstv\"]', 1, '2099-01-01T00:00:00Z', 't')"),
        env.DB.prepare("INSERT INTO voucher_codes (batch_id, code) SELECT (SELECT MAX(id) FROM voucher_batches), j.value FROM json_each(?1) j").bind(JSON.stringify(["ZZZZZZZZZZZZ", taken])),
      ]),
    ).rejects.toThrow(/UNIQUE/);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM voucher_batches").first<{ n: number }>()).toEqual(batches);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM voucher_codes WHERE code = 'ZZZZZZZZZZZZ'").first<{ n: number }>()).toEqual({ n: 0 });
  });

  it("downloads the codes as CSV, with who redeemed each", async () => {
    const { b: staff } = await staffAccount();
    const { batch, codes } = await issue(staff);
    const { b: fan, identity } = await account("csv-fan");
    expect((await redeem(fan, codes[1]!.code)).status).toBe(200);
    const res = await staff.fetch(`/api/console/vouchers/${batch.id}/codes.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="vouchers-${batch.id}.csv"`);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const lines = (await res.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("code,status,redeemed_by,redeemed_at");
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe(`${codes[0]!.code},unused,,`);
    expect(lines[2]).toMatch(new RegExp(`^${codes[1]!.code},redeemed,${identity.email.replace(/[.+]/g, "\\$&")},\\d{4}-`));
  });
});

describe("redeeming a code", () => {
  it("grants at once, whatever the case and dashes typed, says what and until when, and ends by itself", async () => {
    const { b: staff } = await staffAccount();
    const { batch, codes } = await issue(staff, { periodDays: 7 });
    const { b: fan, identity } = await account("redeem");
    expect(await held(fan)).toEqual([]);
    const typed = ` ${codes[0]!.code.toLowerCase().replaceAll("-", " ")} `;
    const res = await redeem(fan, typed);
    expect(res.status).toBe(200);
    const answer = ((await res.json()) as { data: { attributes: { granted: unknown; endsAt: string; until: string } } }).data.attributes;
    expect(answer.granted).toEqual([{ entitlement: "roverstv", title: "Rovers TV (Video)" }]);
    expect(Date.parse(answer.endsAt) - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(answer.until).toMatch(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/);
    expect(await held(fan)).toEqual(["roverstv"]);

    // the console lists it as redeemed by the account, and the batch counts it
    const listed = (await codesOf(staff, batch.id)).find((c) => c.code === codes[0]!.code)!;
    expect(listed).toMatchObject({ status: "redeemed", redeemedBy: identity.email, redeemedBySsoID: identity.ssoID });
    const row = await env.DB.prepare("SELECT c.grant_id, g.source, g.entitlement FROM voucher_codes c JOIN access_grants g ON g.id = c.grant_id WHERE c.code = ?1")
      .bind(codes[0]!.code.replaceAll("-", ""))
      .first();
    expect(row).toMatchObject({ source: "voucher", entitlement: "roverstv" });

    // Past its end nothing needs to run: the session's read drops it.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 8 * 86_400_000);
    expect(await held(fan)).toEqual([]);
  });

  it("refuses a used, unknown, expired or revoked code with its code and message, beside the field", async () => {
    const { b: staff } = await staffAccount();
    const { batch, codes } = await issue(staff, { count: 3 });
    const { b: first } = await account("first");
    const { b: second } = await account("second");
    expect((await redeem(first, codes[0]!.code)).status).toBe(200);

    const used = await redeem(second, codes[0]!.code);
    expect(used.status).toBe(409);
    expect(await errorOf(used)).toEqual({ code: "VOUCHER_USED", detail: "That code has already been used.", field: "code" });
    const again = await redeem(first, codes[0]!.code);
    expect(again.status).toBe(409);

    for (const typed of ["ABCD-EFGH-JKLM", "ROVERS2025"]) {
      const unknown = await redeem(second, typed);
      expect(unknown.status).toBe(404);
      expect(await errorOf(unknown)).toEqual({ code: "VOUCHER_UNKNOWN", detail: "We don't recognise that code. Check it and try again.", field: "code" });
    }

    // Past its redeem-by date (the clock moved past the last London day)
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 12 * 86_400_000);
    const { b: late } = await account("late");
    const expired = await redeem(late, codes[1]!.code);
    expect(expired.status).toBe(410);
    expect(await errorOf(expired)).toMatchObject({ code: "VOUCHER_EXPIRED", field: "code" });
    vi.useRealTimers();

    // Revoked: the unused codes are refused, the redeemed one keeps its access
    const revoke = await staff.fetch(`/api/console/vouchers/${batch.id}/revoke`, json({}));
    expect(revoke.status).toBe(200);
    const revoked = await redeem(late, codes[2]!.code);
    expect(revoked.status).toBe(410);
    expect(await errorOf(revoked)).toEqual({ code: "VOUCHER_REVOKED", detail: "That code has been withdrawn by the club.", field: "code" });
    expect(await held(first)).toEqual(["roverstv"]);
    expect((await codesOf(staff, batch.id)).map((c) => c.status)).toEqual(["redeemed", "revoked", "revoked"]);
    expect(await held(late)).toEqual([]);
  });

  it("redeems one code once when two requests race: one 200, one 409, one grant", async () => {
    const { b: staff } = await staffAccount();
    const { codes } = await issue(staff, { count: 1 });
    const { b: one } = await account("race-one");
    const { b: two } = await account("race-two");
    const answers = await Promise.all([redeem(one, codes[0]!.code), redeem(two, codes[0]!.code)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const grants = await env.DB.prepare("SELECT COUNT(*) AS n FROM access_grants WHERE source = 'voucher' AND reason LIKE ?1").bind(`%${codes[0]!.code}%`).first<{ n: number }>();
    expect(grants).toEqual({ n: 1 });
    expect([...(await held(one)), ...(await held(two))]).toEqual(["roverstv"]);
  });

  it("the same account racing itself gets one grant too", async () => {
    const { b: staff } = await staffAccount();
    const { codes } = await issue(staff, { count: 1 });
    const { b: fan } = await account("race-self");
    const answers = await Promise.all([redeem(fan, codes[0]!.code), redeem(fan, codes[0]!.code), redeem(fan, codes[0]!.code)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const grants = await env.DB.prepare("SELECT COUNT(*) AS n FROM access_grants WHERE source = 'voucher' AND reason LIKE ?1").bind(`%${codes[0]!.code}%`).first<{ n: number }>();
    expect(grants).toEqual({ n: 1 });
  });

  it("stops a sixth try within a minute from one account (429), and not another account", async () => {
    const { b: fan } = await account("guesser");
    for (let i = 0; i < 5; i++) expect((await redeem(fan, `ABCD-EFGH-JK${"LMNPQ"[i]}${"R"}`)).status).toBe(404);
    const sixth = await redeem(fan, "ABCD-EFGH-JKLM");
    expect(sixth.status).toBe(429);
    expect(await errorOf(sixth)).toEqual({ code: "RATE_LIMITED", detail: "Too many tries. Please wait a minute and try again." });
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
    const { b: other } = await account("not-guessing");
    expect((await redeem(other, "ABCD-EFGH-JKLM")).status).toBe(404);
  });

  it("asks a visitor to sign in (401), refuses a blocked account, and another site's page (CSRF)", async () => {
    const visitor = browser();
    const res = await redeem(visitor, "ABCD-EFGH-JKLM");
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toEqual({ code: "NOT_LOGGED_IN", detail: "Sign in to redeem a voucher." });
    const { b: blocked, identity } = await account("blocked");
    await env.DB.prepare("UPDATE accounts SET blocked = 1, blocked_reason = 'administrator' WHERE sso_id = ?1").bind(identity.ssoID).run();
    expect((await redeem(blocked, "ABCD-EFGH-JKLM")).status).toBe(403);
    const { b: fan } = await account("csrf");
    const cross = await fan.fetch("/api/vouchers/redeem", { ...json({ code: "ABCD-EFGH-JKLM" }), headers: { "content-type": "application/json", origin: "https://evil.example" } });
    expect(cross.status).toBe(403);
    expect(await errorOf(cross)).toMatchObject({ code: "CSRF" });
  });
});

describe("bad input", () => {
  it("answers 4xx with a stable code, never 5xx, to broken and mistyped bodies and ids", async () => {
    const { b: staff } = await staffAccount();
    const { b: fan } = await account("bad-input");
    const bodies = ["{", "null", "[]", '"text"', "42", JSON.stringify({ name: 7, entitlements: "roverstv", count: "many", periodDays: {}, redeemBy: 5 }), JSON.stringify({ code: 42 })];
    for (const body of bodies) {
      for (const [who, path] of [
        [staff, "/api/console/vouchers"],
        [fan, "/api/vouchers/redeem"],
      ] as const) {
        const res = await who.fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body });
        expect(res.status, `${path} ${body}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${path} ${body}`).toBeLessThan(500);
        expect(await res.text()).toMatch(/"code"/);
      }
    }
    for (const id of ["0", "-1", "abc", "1e99", "99999999999"]) {
      expect((await staff.fetch(`/api/console/vouchers/${id}`)).status).toBe(404);
      expect((await staff.fetch(`/api/console/vouchers/${id}/codes.csv`)).status).toBe(404);
      expect((await staff.fetch(`/api/console/vouchers/${id}/revoke`, json({}))).status).toBe(404);
    }
  });
});

describe("revoking a batch", () => {
  it("is audited with before and after, once (then 409 BATCH_REVOKED), and 404 for a batch that is not there", async () => {
    const { b: staff, identity } = await staffAccount();
    const { batch } = await issue(staff);
    expect((await staff.fetch(`/api/console/vouchers/${batch.id}/revoke`, json({}))).status).toBe(200);
    const twice = await staff.fetch(`/api/console/vouchers/${batch.id}/revoke`, json({}));
    expect(twice.status).toBe(409);
    expect(await errorOf(twice)).toMatchObject({ code: "BATCH_REVOKED" });
    expect((await staff.fetch("/api/console/vouchers/999999/revoke", json({}))).status).toBe(404);
    const audit = await env.DB.prepare("SELECT status, detail FROM admin_audit_log WHERE action = 'vouchers.revoke' AND actor = ?1 ORDER BY id").bind(`staff:${identity.ssoID}`).all<{ status: number; detail: string }>();
    expect(audit.results.map((a) => a.status)).toEqual([200, 409, 404]);
    expect(JSON.parse(audit.results[0]!.detail)).toMatchObject({ via: "console", before: { revokedAt: null, issued: 3 }, after: { revokedAt: expect.any(String), unusedRevoked: 3 } });
  });
});

describe("who may", () => {
  it("lets administrators, commerce and support in; editors and match operators get 403, supporters and visitors the 404", async () => {
    for (const role of STAFF_ROLES) {
      const { b } = await roleAccount(`v-${role}`, [role]);
      const allowed = ROLE_CAPABILITIES[role].includes("vouchers.manage");
      const list = await b.fetch("/api/console/vouchers");
      const write = await b.fetch("/api/console/vouchers", json(BATCH));
      const page = await b.fetch("/admin/vouchers");
      expect([list.status, write.status, page.status], role).toEqual(allowed ? [200, 201, 200] : [403, 403, 403]);
      if (!allowed) expect(await errorOf(list)).toEqual({ code: "CAPABILITY_REQUIRED", detail: "Your staff role does not allow this" });
    }
    const { b: fan } = await account("supporter");
    expect((await fan.fetch("/api/console/vouchers")).status).toBe(404);
    expect((await fan.fetch("/admin/vouchers")).status).toBe(404);
    expect((await browser().fetch("/admin/vouchers")).status).toBe(404);
  });

  it("renders the list and a batch's page for staff, with the revoke note; an unknown batch is the 404", async () => {
    const { b: staff } = await staffAccount();
    const { batch, codes } = await issue(staff);
    const list = await (await staff.fetch("/admin/vouchers")).text();
    expect(list).toContain("Issue vouchers");
    expect(list).toContain(`href="/admin/vouchers/${batch.id}"`);
    const page = await staff.fetch(`/admin/vouchers/${batch.id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = await page.text();
    for (const c of codes) expect(html).toContain(c.code);
    expect(html).toContain("access already redeemed stays");
    expect(html).toContain(`/api/console/vouchers/${batch.id}/codes.csv`);
    expect((await staff.fetch("/admin/vouchers/999999")).status).toBe(404);
    expect((await staff.fetch("/admin/vouchers/abc")).status).toBe(404);
  });
});
