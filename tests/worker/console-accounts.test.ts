import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { browser, envWith, type Browser } from "./auth-test-app";
import { account, CONSOLE_VARS, expectNotFoundPage, queryPlan, staffAccount } from "./staff-accounts";
import { recomputeEntitlements } from "../../worker/payments/payment-records";
import { AUDIT_SQL, PASSES_SQL, SEARCH_SQL, SUBSCRIPTIONS_SQL } from "../../worker/console/accounts";
import { BYPASS_CODE, CLUB_SOURCE_LABEL } from "../../src/domain/account-entitlements";
import type { AccountDetail, AccountSearch } from "../../src/schemas/console-accounts";
import { goLive } from "./live-media";

/** The console's Accounts: search, an account's figures, its audited actions. */

const MEN_AUDIO = "men-audio-commentary"; // roverstv+, active
const CHROME_ON_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";

async function search(b: Browser, q: string): Promise<AccountSearch> {
  const res = await b.fetch(`/api/console/accounts?${new URLSearchParams({ q })}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toContain("no-store");
  return ((await res.json()) as { data: { attributes: AccountSearch } }).data.attributes;
}

async function detail(b: Browser, ssoID: string): Promise<AccountDetail> {
  const res = await b.fetch(`/api/console/accounts/${encodeURIComponent(ssoID)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { attributes: AccountDetail } }).data.attributes;
}

const act = (b: Browser, ssoID: string, action: string) => b.fetch(`/api/console/accounts/${encodeURIComponent(ssoID)}/${action}`, { method: "POST" });

/** A live audio session of `b`'s account, admitted by the session check. */
async function listen(b: Browser): Promise<void> {
  await goLive(MEN_AUDIO, "audio");
  const res = await b.fetch("/api/session/check", {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": CHROME_ON_WINDOWS },
    body: JSON.stringify({ data: { attributes: { videoID: MEN_AUDIO, mediaType: "audio" } } }),
  });
  expect(res.status).toBe(200);
}

const auditOf = (ssoID: string) =>
  env.DB.prepare("SELECT actor, action, status FROM admin_audit_log WHERE target = ?1 ORDER BY id").bind(ssoID).all().then((r) => r.results);

describe("finding an account", () => {
  it("by its whole e-mail, the start of it, its ssoID or its account number; nothing for an empty query", async () => {
    const { b: staff } = await staffAccount();
    const { identity } = await account("findme");
    const row = await env.DB.prepare("SELECT id FROM accounts WHERE sso_id = ?1").bind(identity.ssoID).first<{ id: number }>();
    const ids = (s: AccountSearch) => s.accounts.map((a) => a.ssoID);

    expect(ids(await search(staff, identity.email))).toEqual([identity.ssoID]);
    expect(ids(await search(staff, identity.email.toUpperCase()))).toEqual([identity.ssoID]);
    expect(ids(await search(staff, identity.email.slice(0, 12)))).toContain(identity.ssoID);
    expect(ids(await search(staff, identity.ssoID))).toEqual([identity.ssoID]);
    expect(ids(await search(staff, String(row!.id)))).toContain(identity.ssoID);
    expect(await search(staff, "  ")).toEqual({ q: "", accounts: [] });
    expect((await search(staff, "nobody-at-all@nowhere.test")).accounts).toEqual([]);
    const [found] = (await search(staff, identity.email)).accounts;
    expect(found).toMatchObject({ email: identity.email, blocked: false, bypassed: false, staff: false });
  });

  it("reads by index: every query of the section, by EXPLAIN QUERY PLAN", async () => {
    const search = (await queryPlan(SEARCH_SQL, "x", 1, "x", "x\u{10FFFF}")).join("\n");
    expect(search).toContain("MULTI-INDEX OR");
    expect(search).toMatch(/USING INDEX sqlite_autoindex_accounts_1|USING INDEX .*sso_id/);
    expect(search).toContain("USING INDEX accounts_email");
    expect(search).not.toMatch(/SCAN accounts(?! USING)/);
    for (const [sql, index] of [
      [SUBSCRIPTIONS_SQL, "stripe_subscriptions_account"],
      [PASSES_SQL, "purchases_account"],
      [AUDIT_SQL, "admin_audit_log_target"],
    ] as const) {
      const plan = (await queryPlan(sql, 1)).join("\n");
      expect(plan, sql).toContain(index);
      expect(plan, sql).not.toMatch(/^SCAN (stripe_subscriptions|purchases|admin_audit_log)$/m);
    }
  });
});

describe("an account's page", () => {
  it("shows each entitlement with where it comes from, its payments, its live sessions and devices", async () => {
    const { b: staff } = await staffAccount();
    const { b: fan, identity } = await account("figures", ["freemium"]);
    const id = (await env.DB.prepare("SELECT id FROM accounts WHERE sso_id = ?1").bind(identity.ssoID).first<{ id: number }>())!.id;
    const periodEnd = new Date(Date.now() + 20 * 86_400_000).toISOString();
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO stripe_subscriptions (id, customer_id, account_id, price_id, status, current_period_end, cancel_at_period_end, state_created, state_rank)
         VALUES ('sub_figures', 'cus_figures', ?1, 'price_roverstv_plus_month', 'active', ?2, 1, 1700000000, 3)`,
      ).bind(id, periodEnd),
      env.DB.prepare(
        `INSERT INTO stripe_subscriptions (id, customer_id, account_id, price_id, status, current_period_end, cancel_at_period_end, state_created, state_rank)
         VALUES ('sub_figures_old', 'cus_figures', ?1, 'price_roverstv_month', 'canceled', NULL, 0, 1600000000, 9)`,
      ).bind(id),
      env.DB.prepare(
        `INSERT INTO purchases (account_id, package_id, price_id, mode, stripe_session_id, status)
         VALUES (?1, 'match-pass-women', 'price_match_pass_women', 'payment', 'cs_figures', 'paid')`,
      ).bind(id),
      recomputeEntitlements(env.DB, { ssoIDs: [identity.ssoID] }),
    ]);
    await listen(fan);

    const d = await detail(staff, identity.ssoID);
    expect(d.account).toMatchObject({ ssoID: identity.ssoID, email: identity.email, blocked: false, bypassed: false, blockedReason: null, sessionsValidAfter: null });
    expect(d.entitlements).toEqual([
      { code: "freemium", sources: [{ kind: "club", label: CLUB_SOURCE_LABEL, reference: null, endsAt: null }] },
      { code: "matchpass-528", sources: [{ kind: "match-pass", label: "Match Pass: Rovers Women v Bramley Town Women, £4.99", reference: "cs_figures", endsAt: null }] },
      { code: "roverstv+", sources: [{ kind: "subscription", label: "Rovers TV+ (Audio & Video), £5.99 per month", reference: "sub_figures", endsAt: periodEnd }] },
    ]);
    expect(d.bypass).toBe(false);
    expect(d.payments.map((p) => [p.kind, p.reference, p.status, p.reversed])).toEqual([
      ["subscription", "sub_figures", "active", false],
      ["subscription", "sub_figures_old", "canceled", false],
      ["match-pass", "cs_figures", "paid", false],
    ]);
    expect(d.payments[0]).toMatchObject({ package: "Rovers TV+ (Audio & Video)", price: "£5.99 per month", periodEnd, cancelAtPeriodEnd: true, createdAt: "2023-11-14T22:13:20.000Z" });
    expect(d.liveSessions).toHaveLength(1);
    expect(d.liveSessions[0]).toMatchObject({ device: "Chrome on Windows", assetID: MEN_AUDIO });
    expect(d.devices).toEqual([{ device: "Chrome on Windows", sessions: 1 }]);
    expect(d.audit).toEqual([]);

    // A bypassed account: the bypass is a source of its own.
    expect((await act(staff, identity.ssoID, "bypass")).status).toBe(200);
    const bypassed = await detail(staff, identity.ssoID);
    expect(bypassed.bypass).toBe(true);
    expect(bypassed.entitlements.at(-1)).toMatchObject({ code: BYPASS_CODE, sources: [{ kind: "bypass" }] });
  });

  it("answers 404 ACCOUNT_NOT_FOUND for an unknown account, and the page is the 404", async () => {
    const { b: staff } = await staffAccount();
    const res = await staff.fetch("/api/console/accounts/nobody-here");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ errors: [{ code: "ACCOUNT_NOT_FOUND" }] });
    await expectNotFoundPage(staff, "/admin/accounts/nobody-here", "Latest changes");
  });

  it("is rendered for staff at /admin/accounts?q= and /admin/accounts/:ssoID, past the page cache", async () => {
    const { b: staff } = await staffAccount();
    const { identity } = await account("rendered");
    const list = await staff.fetch(`/admin/accounts?q=${encodeURIComponent(identity.email)}`);
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toContain("no-store");
    const listHtml = await list.text();
    expect(listHtml).toContain("Find an account");
    expect(listHtml).toContain(`/admin/accounts/${identity.ssoID}`);
    const page = await staff.fetch(`/admin/accounts/${identity.ssoID}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(identity.email);
    expect(html).toContain("Sign out everywhere");
  });
});

describe("an account's actions", () => {
  it("block, unblock, bypass, unbypass and sign-out go through the shared rules, each audited with the staff actor", async () => {
    const { b: staff, identity: staffIdentity } = await staffAccount();
    const { b: fan, identity } = await account("acted", ["roverstv+"]);
    const state = () => env.DB.prepare("SELECT blocked, blocked_reason, bypassed, sessions_valid_after FROM accounts WHERE sso_id = ?1").bind(identity.ssoID).first();
    const sessions = () => env.STREAM_SESSIONS.get(env.STREAM_SESSIONS.idFromName(identity.ssoID)).sessions();

    // A block ends the account's live streams, as the admin API's does.
    await listen(fan);
    expect(await sessions()).toHaveLength(1);
    const blocked = await act(staff, identity.ssoID, "block");
    expect(blocked.status).toBe(200);
    expect(await blocked.json()).toMatchObject({ data: { attributes: { ssoID: identity.ssoID, blocked: true } } });
    expect(await state()).toMatchObject({ blocked: 1, blocked_reason: "administrator" });
    expect(await sessions()).toEqual([]);

    expect((await act(staff, identity.ssoID, "unblock")).status).toBe(200);
    expect(await state()).toMatchObject({ blocked: 0, blocked_reason: null });
    expect((await act(staff, identity.ssoID, "bypass")).status).toBe(200);
    expect(await state()).toMatchObject({ bypassed: 1 });
    expect((await act(staff, identity.ssoID, "unbypass")).status).toBe(200);
    expect(await state()).toMatchObject({ bypassed: 0 });

    // Sign-out everywhere: the supporter's cookie stops counting, and the live stream ends.
    await listen(fan);
    expect((await fan.fetch("/api/session")).status).toBe(200);
    expect((await act(staff, identity.ssoID, "sign-out")).status).toBe(200);
    expect((await state())?.sessions_valid_after).toEqual(expect.any(Number));
    expect(await sessions()).toEqual([]);
    const session = await fan.fetch("/api/session");
    expect(session.status === 401 || !JSON.stringify(await session.json()).includes(identity.ssoID)).toBe(true);

    const actor = `staff:${staffIdentity.ssoID}`;
    expect(await auditOf(identity.ssoID)).toEqual(
      ["block", "unblock", "bypass", "unbypass", "sign-out"].map((a) => ({ actor, action: `accounts.${a}`, status: 200 })),
    );
    // The account page lists them as its latest changes.
    expect((await detail(staff, identity.ssoID)).audit.map((a) => a.action)).toEqual(
      ["sign-out", "unbypass", "bypass", "unblock", "block"].map((a) => `accounts.${a}`),
    );
  });

  it("refuses an unknown account (404), any action on the staff member's own account (403 OWN_ACCOUNT), an unknown action (404); refusals are audited", async () => {
    const { b: staff, identity: self } = await staffAccount();
    const unknown = await act(staff, "nobody-here", "block");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ errors: [{ code: "ACCOUNT_NOT_FOUND" }] });
    const own = await act(staff, self.ssoID, "block");
    expect(own.status).toBe(403);
    expect(await own.json()).toMatchObject({ errors: [{ code: "OWN_ACCOUNT" }] });
    // Serving oneself is refused as much as locking oneself out.
    const bypass = await act(staff, self.ssoID, "bypass");
    expect(bypass.status).toBe(403);
    expect(await bypass.json()).toMatchObject({ errors: [{ code: "OWN_ACCOUNT" }] });
    expect(await env.DB.prepare("SELECT blocked, bypassed FROM accounts WHERE sso_id = ?1").bind(self.ssoID).first()).toEqual({ blocked: 0, bypassed: 0 });
    expect((await act(staff, self.ssoID, "grant-staff")).status).toBe(404);
    const actor = `staff:${self.ssoID}`;
    expect(await auditOf("nobody-here")).toContainEqual({ actor, action: "accounts.block", status: 404 });
    expect(await auditOf(self.ssoID)).toContainEqual({ actor, action: "accounts.block", status: 403 });
    expect(await auditOf(self.ssoID)).toContainEqual({ actor, action: "accounts.bypass", status: 403 });
  });

  it("refuses a write without the site's Origin (403 CSRF), cross-site or with no Origin at all; nothing changes", async () => {
    const { b: staff } = await staffAccount();
    const { identity } = await account("csrf");
    const path = `http://localhost/api/console/accounts/${identity.ssoID}/block`;
    const noOrigin = await app.request(path, { method: "POST", headers: { cookie: staff.jar.header() } }, envWith(CONSOLE_VARS));
    expect(noOrigin.status).toBe(403);
    expect(await noOrigin.json()).toMatchObject({ errors: [{ code: "CSRF" }] });
    const crossSite = await staff.fetch(path, { method: "POST", headers: { origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);
    expect(await env.DB.prepare("SELECT blocked FROM accounts WHERE sso_id = ?1").bind(identity.ssoID).first()).toEqual({ blocked: 0 });
    expect(await auditOf(identity.ssoID)).toEqual([]);
  });
});

describe("the Accounts section for everyone else", () => {
  it("is the API's 404 for a visitor and a supporter, reads and writes alike", async () => {
    const { b: fan, identity } = await account("nosy", ["roverstv+"]);
    for (const who of [browser(CONSOLE_VARS), fan]) {
      for (const [method, path] of [
        ["GET", "/api/console/accounts?q=fan"],
        ["GET", `/api/console/accounts/${identity.ssoID}`],
        ["POST", `/api/console/accounts/${identity.ssoID}/block`],
      ] as const) {
        const res = await who.fetch(path, { method });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(await res.json()).toMatchObject({ errors: [{ code: "NOT_FOUND" }] });
      }
    }
    expect(await env.DB.prepare("SELECT blocked FROM accounts WHERE sso_id = ?1").bind(identity.ssoID).first()).toEqual({ blocked: 0 });
  });

  it("is the site's 404 page at /admin/accounts and an account's page", async () => {
    const { b: fan, identity } = await account("nosy-page");
    for (const who of [browser(CONSOLE_VARS), fan]) {
      await expectNotFoundPage(who, "/admin/accounts", "Find an account");
      await expectNotFoundPage(who, `/admin/accounts?q=${encodeURIComponent(identity.email)}`, "Find an account");
      await expectNotFoundPage(who, `/admin/accounts/${identity.ssoID}`, "Latest changes");
    }
  });
});
