import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { account, queryPlan, roleAccount, signIn, staffAccount } from "./staff-accounts";
import type { Browser } from "./auth-test-app";
import type { AccountDetail, AccountSearch } from "../../src/schemas/console-accounts";
import { REFERENCE_SEARCH_SQL } from "../../worker/console/accounts";
import { GRANTS_SQL } from "../../worker/accounts/access-grants";
import { goLive } from "./live-media";

/** Supporter care on the console's account page: grants, one device's sign-out, notes, search by payment reference. */

const MEN_AUDIO = "men-audio-commentary"; // roverstv+, active
const CHROME_ON_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";
const FIREFOX_ON_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:120.0) Gecko/20100101 Firefox/120.0";

const post = (b: Browser, path: string, body?: unknown) =>
  b.fetch(`/api/console/accounts/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body ?? {}) });

async function detail(b: Browser, ssoID: string): Promise<AccountDetail> {
  const res = await b.fetch(`/api/console/accounts/${encodeURIComponent(ssoID)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { attributes: AccountDetail } }).data.attributes;
}

async function held(b: Browser): Promise<string[]> {
  const res = await b.fetch("/api/session");
  return ((await res.json()) as { data: { attributes: { entitlements: string[] } } | null }).data?.attributes.entitlements ?? [];
}

/** A London date `days` from now, as the form sends it. */
const londonDate = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Europe/London" });

const auditOf = (ssoID: string) =>
  env.DB.prepare("SELECT actor, action, status, detail FROM admin_audit_log WHERE target = ?1 ORDER BY id").bind(ssoID).all<{ action: string; status: number; detail: string }>().then((r) => r.results);

async function listen(b: Browser, userAgent: string): Promise<void> {
  await goLive(MEN_AUDIO, "audio");
  const res = await b.fetch("/api/session/check", {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": userAgent },
    body: JSON.stringify({ data: { attributes: { videoID: MEN_AUDIO, mediaType: "audio" } } }),
  });
  expect(res.status).toBe(200);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("complimentary access", () => {
  it("is held at the account's next request, shown with its end and reason, and ends by itself", async () => {
    const { b: staff } = await staffAccount();
    const { b: fan, identity } = await account("comp");
    expect(await held(fan)).toEqual([]);

    const res = await post(staff, `${identity.ssoID}/grants`, { entitlements: ["roverstv+"], until: londonDate(3), reason: "Stream failed on the derby" });
    expect(res.status).toBe(201);
    expect(await held(fan)).toEqual(["roverstv+"]);

    const d = await detail(staff, identity.ssoID);
    expect(d.entitlements).toEqual([{ code: "roverstv+", sources: [expect.objectContaining({ kind: "complimentary" })] }]);
    expect(d.entitlements[0]?.sources[0]?.label).toMatch(/^Complimentary until \d{1,2} \w{3} \d{4}: Stream failed on the derby$/);
    expect(d.grants).toEqual([expect.objectContaining({ entitlement: "roverstv+", reason: "Stream failed on the derby", active: true, revokedAt: null })]);
    expect(d.grantable).toContain("roverstv+");

    // Past its end nothing needs to run: the session's read drops it.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 5 * 86_400_000);
    expect(await held(fan)).toEqual([]);
    expect((await detail(staff, identity.ssoID)).grants[0]?.active).toBe(false);

    const audit = await auditOf(identity.ssoID);
    expect(audit.map((a) => [a.action, a.status])).toEqual([["accounts.grant", 201]]);
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({ via: "console", before: { entitlements: [] }, after: { entitlements: ["roverstv+"] } });
  });

  it("refuses each bad field beside it: no code, a code no package grants, a past or too far date, no reason", async () => {
    const { b: staff } = await staffAccount();
    const { b: fan, identity } = await account("comp-bad");
    const fields = async (body: unknown) => {
      const res = await post(staff, `${identity.ssoID}/grants`, body);
      expect(res.status).toBe(400);
      const answer = (await res.json()) as { errors: { code: string; field?: string }[] };
      expect(answer.errors.every((e) => e.code === "INVALID_INPUT")).toBe(true);
      return answer.errors.map((e) => e.field).sort();
    };
    expect(await fields({ entitlements: [], until: londonDate(-1), reason: " " })).toEqual(["entitlements", "reason", "until"]);
    expect(await fields({ entitlements: ["everything"], until: londonDate(800), reason: "x" })).toEqual(["entitlements", "until"]);
    expect(await fields({ entitlements: ["roverstv"], until: "31/12/2026", reason: "x" })).toEqual(["until"]);
    expect(await held(fan)).toEqual([]);
    expect((await auditOf(identity.ssoID)).map((a) => a.status)).toEqual([400, 400, 400]);
  });

  it("ends early when staff end it (once: then 409 GRANT_NOT_ACTIVE), and the live stream it opened stops", async () => {
    const { b: staff } = await staffAccount();
    const { b: fan, identity } = await account("comp-end");
    expect((await post(staff, `${identity.ssoID}/grants`, { entitlements: ["roverstv+", "roverstv"], until: londonDate(10), reason: "Goodwill" })).status).toBe(201);
    await listen(fan, CHROME_ON_WINDOWS);
    const sessions = () => env.STREAM_SESSIONS.get(env.STREAM_SESSIONS.idFromName(identity.ssoID)).sessions();
    expect(await sessions()).toHaveLength(1);

    const grant = (await detail(staff, identity.ssoID)).grants.find((g) => g.entitlement === "roverstv+")!;
    expect((await post(staff, `${identity.ssoID}/grants/${grant.id}/end`)).status).toBe(200);
    expect(await held(fan)).toEqual(["roverstv"]);
    expect(await sessions()).toEqual([]);
    const again = await post(staff, `${identity.ssoID}/grants/${grant.id}/end`);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ errors: [{ code: "GRANT_NOT_ACTIVE" }] });
    expect((await post(staff, `${identity.ssoID}/grants/999999/end`)).status).toBe(404);
    const after = await detail(staff, identity.ssoID);
    expect(after.grants.find((g) => g.id === grant.id)).toMatchObject({ active: false, revokedAt: expect.any(String) });
  });

  it("extends a subscription: a grant from its period end for N days", async () => {
    const { b: staff } = await staffAccount();
    const { b: fan, identity } = await account("extend");
    const id = (await env.DB.prepare("SELECT id FROM accounts WHERE sso_id = ?1").bind(identity.ssoID).first<{ id: number }>())!.id;
    const periodEnd = new Date(Date.now() + 2 * 86_400_000).toISOString();
    await env.DB.prepare(
      `INSERT INTO stripe_subscriptions (id, customer_id, account_id, price_id, status, current_period_end, cancel_at_period_end, state_created, state_rank)
       VALUES ('sub_extend', 'cus_extend', ?1, 'price_roverstv_plus_month', 'active', ?2, 1, 1700000000, 3)`,
    )
      .bind(id, periodEnd)
      .run();
    const res = await post(staff, `${identity.ssoID}/extend`, { subscription: "sub_extend", days: 7 });
    expect(res.status).toBe(201);
    const grants = (await detail(staff, identity.ssoID)).grants;
    expect(grants.length).toBeGreaterThan(0);
    expect(grants.every((g) => g.startsAt === periodEnd && Date.parse(g.endsAt) === Date.parse(periodEnd) + 7 * 86_400_000)).toBe(true);
    // Not held before the period ends from the grant (the subscription is not recomputed here), held after it.
    expect(await held(fan)).toEqual([]);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.parse(periodEnd) + 86_400_000);
    expect(await held(fan)).toContain("roverstv+");
    vi.useRealTimers();
    const bad = await post(staff, `${identity.ssoID}/extend`, { subscription: "sub_nobody", days: 0 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errors: [{ field: "subscription" }] });
  });
});

describe("signing out one device", () => {
  it("ends that device's site session and stream, and leaves the other device watching", async () => {
    const { b: staff } = await staffAccount();
    const { b: laptop, identity } = await account("two-devices", ["roverstv+"]);
    const phone = await signIn(identity);
    await listen(laptop, CHROME_ON_WINDOWS);
    await listen(phone, FIREFOX_ON_MAC);
    const d = await detail(staff, identity.ssoID);
    expect(d.liveSessions).toHaveLength(2);
    const chrome = d.liveSessions.find((s) => s.device === "Chrome on Windows")!;

    const res = await post(staff, `${identity.ssoID}/sessions/${chrome.id}/sign-out`);
    expect(res.status).toBe(200);
    const left = (await detail(staff, identity.ssoID)).liveSessions;
    expect(left.map((s) => s.device)).toEqual(["Firefox on macOS"]);
    expect(await held(laptop)).toEqual([]);
    expect(await held(phone)).toEqual(["roverstv+"]);

    const again = await post(staff, `${identity.ssoID}/sessions/${chrome.id}/sign-out`);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ errors: [{ code: "SESSION_GONE" }] });
    expect((await auditOf(identity.ssoID)).map((a) => [a.action, a.status])).toEqual([
      ["accounts.sign-out-device", 200],
      ["accounts.sign-out-device", 409],
    ]);
  });
});

describe("notes", () => {
  it("are added by staff, listed newest first with who and when, refused empty or over 2,000 characters, audited", async () => {
    const { b: staff, identity: staffIdentity } = await staffAccount();
    const { identity } = await account("noted");
    expect((await post(staff, `${identity.ssoID}/notes`, { text: "Called about buffering" })).status).toBe(201);
    expect((await post(staff, `${identity.ssoID}/notes`, { text: "Sent the FAQ on VPNs" })).status).toBe(201);
    for (const text of ["   ", "x".repeat(2001)]) {
      const res = await post(staff, `${identity.ssoID}/notes`, { text });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ errors: [{ code: "INVALID_INPUT", field: "text" }] });
    }
    const notes = (await detail(staff, identity.ssoID)).notes;
    expect(notes.map((n) => [n.body, n.author])).toEqual([
      ["Sent the FAQ on VPNs", staffIdentity.ssoID],
      ["Called about buffering", staffIdentity.ssoID],
    ]);
    expect((await auditOf(identity.ssoID)).map((a) => [a.action, a.status])).toEqual([
      ["accounts.note", 201],
      ["accounts.note", 201],
      ["accounts.note", 400],
      ["accounts.note", 400],
    ]);
  });
});

describe("search by payment reference", () => {
  it("finds the account by checkout session, subscription, payment intent and charge, by index", async () => {
    const { b: staff } = await staffAccount();
    const { identity } = await account("paid-ref");
    const id = (await env.DB.prepare("SELECT id FROM accounts WHERE sso_id = ?1").bind(identity.ssoID).first<{ id: number }>())!.id;
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO stripe_subscriptions (id, customer_id, account_id, price_id, status, current_period_end, cancel_at_period_end, state_created, state_rank)
         VALUES ('sub_ref1', 'cus_ref1', ?1, 'price_roverstv_month', 'active', NULL, 0, 1700000000, 3)`,
      ).bind(id),
      env.DB.prepare("INSERT INTO stripe_invoices (id, subscription_id, paid_at) VALUES ('in_ref1', 'sub_ref1', 1700000000)"),
      env.DB.prepare(
        `INSERT INTO purchases (account_id, package_id, price_id, mode, stripe_session_id, status)
         VALUES (?1, 'match-pass-women', 'price_match_pass_women', 'payment', 'cs_ref1', 'paid')`,
      ).bind(id),
      env.DB.prepare("INSERT INTO stripe_payment_keys (key, payment_id) VALUES ('pi_ref1', 'cs_ref1'), ('ch_ref1', 'in_ref1')"),
    ]);
    for (const q of ["cs_ref1", "sub_ref1", "pi_ref1", "ch_ref1"]) {
      const res = await staff.fetch(`/api/console/accounts?${new URLSearchParams({ q })}`);
      const found = ((await res.json()) as { data: { attributes: AccountSearch } }).data.attributes;
      expect(found.accounts.map((a) => a.ssoID), q).toEqual([identity.ssoID]);
    }
    const plan = (await queryPlan(REFERENCE_SEARCH_SQL, "x")).join("\n");
    expect(plan).not.toMatch(/^SCAN (accounts|purchases|stripe_subscriptions|stripe_payment_keys|stripe_invoices)$/m);
    expect((await queryPlan(GRANTS_SQL, 1)).join("\n")).toContain("access_grants_account");
  });
});

describe("bad input", () => {
  it("answers 4xx with a code, never 5xx, on every care endpoint", async () => {
    const { b: staff } = await staffAccount();
    const { identity } = await account("care-bad-input");
    for (const path of ["grants", "grants/abc/end", "grants/-1/end", "extend", "sessions/%00/sign-out", "notes"]) {
      for (const body of ["{", "null", "[]", '"text"', "42", JSON.stringify({ entitlements: "roverstv", until: 5, reason: [], days: "many", text: { x: 1 } })]) {
        for (const who of [identity.ssoID, "no-such-account"]) {
          const res = await staff.fetch(`/api/console/accounts/${who}/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body });
          expect(res.status, `${who}/${path} ${body}`).toBeGreaterThanOrEqual(400);
          expect(res.status, `${who}/${path} ${body}`).toBeLessThan(500);
          expect(await res.text()).toMatch(/"code"/);
        }
      }
    }
  });
});

describe("who may", () => {
  it("answers 403 to roles without accounts.support and to one's own account; nothing is stored", async () => {
    const { b: commerce } = await roleAccount("commerce", ["commerce"]);
    const { b: staff, identity: self } = await staffAccount();
    const { identity } = await account("guarded");
    for (const [path, body] of [
      [`${identity.ssoID}/grants`, { entitlements: ["roverstv"], until: londonDate(3), reason: "x" }],
      [`${identity.ssoID}/notes`, { text: "hello" }],
      [`${identity.ssoID}/sessions/abc/sign-out`, {}],
      [`${identity.ssoID}/grants/1/end`, {}],
      [`${identity.ssoID}/extend`, { subscription: "sub_x", days: 3 }],
    ] as const) {
      const res = await post(commerce, path, body);
      expect(res.status, path).toBe(403);
    }
    const own = await post(staff, `${self.ssoID}/grants`, { entitlements: ["roverstv"], until: londonDate(3), reason: "x" });
    expect(own.status).toBe(403);
    expect(await own.json()).toMatchObject({ errors: [{ code: "OWN_ACCOUNT" }] });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM access_grants g JOIN accounts a ON a.id = g.account_id WHERE a.sso_id IN (?1, ?2)").bind(identity.ssoID, self.ssoID).first()).toEqual({ n: 0 });
  });
});
