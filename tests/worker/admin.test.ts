import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { browser, devToken, freshIdentity, signInWithToken } from "./auth-test-app";
import { readerOf } from "../../worker/viewer/reader";
import { readShell } from "../../worker/content/shell";

const TOKEN = "admin-token-for-tests-0123456789abcdef";
const WITH_TOKEN = { ADMIN_TOKEN: TOKEN };
const auth = (token = TOKEN, extra: Record<string, string> = {}) => ({ headers: { authorization: `Bearer ${token}`, ...extra } });

async function account() {
  const b = browser(WITH_TOKEN);
  const identity = freshIdentity("adm");
  await signInWithToken(b, (nonce) => devToken(identity, { nonce }));
  return { b, identity };
}

describe("admin API", () => {
  it("invalidates the KV cache so the club's changes show at once; audited", async () => {
    const b = browser(WITH_TOKEN);
    const reader = readerOf(env);
    const before = (await readShell(reader)).settings["footer.builtOn"];
    await env.DB.prepare("UPDATE settings SET value = ?1 WHERE key = 'footer.builtOn'").bind("Changed by the club").run();
    expect((await readShell(reader)).settings["footer.builtOn"]).toBe(before); // still cached
    const res = await b.fetch("/api/admin/cache/invalidate", { method: "POST", ...auth() });
    expect(res.status).toBe(200);
    expect((await readShell(reader)).settings["footer.builtOn"]).toBe("Changed by the club");
    const audited = await env.DB.prepare("SELECT status FROM admin_audit_log WHERE action = 'cache.invalidate'").first<{ status: number }>();
    expect(audited).toEqual({ status: 200 });
  });

  it("does not exist without ADMIN_TOKEN (404), whatever is presented", async () => {
    const b = browser();
    expect((await b.fetch("/api/admin/accounts", auth())).status).toBe(404);
    expect((await b.fetch("/api/admin/accounts/demo-fan/block", { method: "POST", ...auth() })).status).toBe(404);
  });

  it("refuses a missing or wrong token with 401, and audits the attempt", async () => {
    const b = browser(WITH_TOKEN);
    const none = await b.fetch("/api/admin/accounts", { ip: "198.51.100.99" });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ errors: [{ code: "UNAUTHORIZED" }] });
    expect((await b.fetch("/api/admin/accounts", auth("wrong-token"))).status).toBe(401);
    expect((await b.fetch("/api/admin/accounts", auth(`${TOKEN}x`))).status).toBe(401);
    expect((await b.fetch("/api/admin/accounts", { headers: { authorization: TOKEN } })).status).toBe(401);
    const audited = await env.DB.prepare("SELECT actor, status FROM admin_audit_log WHERE ip = '198.51.100.99'").first<{ actor: string; status: number }>();
    expect(audited).toEqual({ actor: "unauthenticated", status: 401 });
  });

  it("blocks and unblocks an account; the user sees it at once; every call is audited", async () => {
    const { b, identity } = await account();
    const admin = browser(WITH_TOKEN);
    const blocked = await admin.fetch(`/api/admin/accounts/${identity.ssoID}/block`, { method: "POST", ...auth(TOKEN, { "x-admin-actor": "ops@rovers.test" }), ip: "192.0.2.50" });
    expect(blocked.status).toBe(200);
    expect(await blocked.json()).toMatchObject({ data: { id: identity.ssoID, attributes: { blocked: true, blockedReason: "administrator" } } });

    const me = (await (await b.fetch("/api/session")).json()) as { data: { attributes: { blocked: boolean } } };
    expect(me.data.attributes.blocked).toBe(true);

    const country = await admin.fetch(`/api/admin/accounts/${identity.ssoID}/block`, {
      method: "POST",
      ...auth(TOKEN, { "content-type": "application/json" }),
      body: JSON.stringify({ reason: "country" }),
    });
    expect(await country.json()).toMatchObject({ data: { attributes: { blocked: true, blockedReason: "country" } } });

    const unblocked = await admin.fetch(`/api/admin/accounts/${identity.ssoID}/unblock`, { method: "POST", ...auth() });
    expect(await unblocked.json()).toMatchObject({ data: { attributes: { blocked: false, blockedReason: null } } });

    const log = await env.DB.prepare("SELECT actor, action, target, status, ip FROM admin_audit_log WHERE target = ?1 ORDER BY id")
      .bind(identity.ssoID)
      .all<{ actor: string; action: string; target: string; status: number; ip: string }>();
    expect(log.results.map((r) => r.action)).toEqual(["accounts.block", "accounts.block", "accounts.unblock"]);
    expect(log.results[0]).toMatchObject({ actor: "ops@rovers.test", status: 200, ip: "192.0.2.50" });
  });

  it("bypasses and unbypasses an account", async () => {
    const { identity } = await account();
    const admin = browser(WITH_TOKEN);
    const on = await admin.fetch(`/api/admin/accounts/${identity.ssoID}/bypass`, { method: "POST", ...auth() });
    expect(await on.json()).toMatchObject({ data: { attributes: { bypassed: true } } });
    const off = await admin.fetch(`/api/admin/accounts/${identity.ssoID}/unbypass`, { method: "POST", ...auth() });
    expect(await off.json()).toMatchObject({ data: { attributes: { bypassed: false } } });
  });

  it("answers 404 for an unknown account and 400 for a bad body", async () => {
    const admin = browser(WITH_TOKEN);
    expect((await admin.fetch("/api/admin/accounts/nobody-here/block", { method: "POST", ...auth() })).status).toBe(404);
    const { identity } = await account();
    const bad = await admin.fetch(`/api/admin/accounts/${identity.ssoID}/block`, {
      method: "POST",
      ...auth(TOKEN, { "content-type": "application/json" }),
      body: JSON.stringify({ reason: "because" }),
    });
    expect(bad.status).toBe(400);
  });

  it("lists and searches accounts", async () => {
    const { identity } = await account();
    const admin = browser(WITH_TOKEN);
    const res = await admin.fetch(`/api/admin/accounts?q=${encodeURIComponent(identity.ssoID)}`, auth());
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { id: string }[]; meta: { total: number } };
    expect(body.data.map((a) => a.id)).toEqual([identity.ssoID]);
    expect(body.meta.total).toBe(1);
    expect((await admin.fetch("/api/admin/accounts?limit=0", auth())).status).toBe(400);
  });
});
