// Accounts for the console's tests: signed-in supporters with the entitlements a test
// gives them, and staff, whose role is granted through the admin API as the club does it.
import { env } from "cloudflare:test";
import { expect } from "vitest";
import type { Identity } from "../../worker/accounts/identity";
import type { StaffRole } from "../../src/domain/staff-roles";
import { browser, devToken, freshIdentity, signInWithToken, type Browser } from "./auth-test-app";

export const ADMIN_TOKEN = "admin-token-for-tests-0123456789abcdef";
export const CONSOLE_VARS = { ADMIN_TOKEN };
export const adminHeaders = { authorization: `Bearer ${ADMIN_TOKEN}` };

export async function signIn(identity: Identity): Promise<Browser> {
  const b = browser(CONSOLE_VARS);
  const res = await signInWithToken(b, (nonce) => devToken(identity, { nonce }));
  if (res.status !== 302) throw new Error(`sign-in answered ${res.status}`);
  return b;
}

/** A new signed-in account holding `entitlements` (the club's own list). */
export async function account(prefix: string, entitlements: string[] = []) {
  const identity = freshIdentity(prefix);
  const b = await signIn(identity);
  await env.DB.prepare("UPDATE accounts SET entitlements = ?2 WHERE sso_id = ?1").bind(identity.ssoID, JSON.stringify(entitlements)).run();
  return { b, identity };
}

/** A new signed-in account with the staff role. */
export async function staffAccount() {
  const staff = await account("staff");
  const res = await staff.b.fetch(`/api/admin/accounts/${staff.identity.ssoID}/grant-staff`, { method: "POST", headers: adminHeaders });
  expect(res.status).toBe(200);
  return staff;
}

/**
 * A new signed-in account holding `roles`. Written straight into staff_roles (the test's setup,
 * not what it checks); the session reads the roles on the account's next request.
 */
export async function roleAccount(prefix: string, roles: StaffRole[]) {
  const member = await account(prefix);
  for (const role of roles) {
    await env.DB.prepare("INSERT INTO staff_roles (account, role, granted_by) VALUES (?1, ?2, 'test')").bind(member.identity.ssoID, role).run();
  }
  return member;
}

/** The console page at `path` is the site's 404 page, never stored. */
export async function expectNotFoundPage(b: Browser, path: string, consoleText = "Live now") {
  const res = await b.fetch(path);
  expect(res.status, path).toBe(404);
  expect(res.headers.get("cache-control")).toContain("no-store");
  const html = await res.text();
  expect(html).toContain("This page could not be found");
  expect(html).not.toContain(consoleText);
}

/** EXPLAIN QUERY PLAN's lines for a statement (parameters bound as given). */
export async function queryPlan(sql: string, ...params: unknown[]): Promise<string[]> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>();
  return results.map((r) => r.detail);
}
