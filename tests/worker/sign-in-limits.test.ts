import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_BACKOFF } from "../../src/domain/sign-in-backoff";
import { base64Url } from "../../worker/auth/constant-time";
import { attemptKey, checkAttempt, readFailures, recordFailure } from "../../worker/auth/sign-in-guard";
import { browser, devToken, freshIdentity, setDirectLogin, startLogin, type Browser } from "./auth-test-app";

/**
 * Sign-in limits (worker/auth/sign-in-guard.ts, src/domain/sign-in-backoff.ts): failures counted
 * per account after the password check; a shared address is not one person; the callback has no
 * per-address budget of its own.
 */

let people = 0;

/**
 * People registered at the dev portal, with their passwords. The hash is the portal's own format
 * with 1,000 PBKDF2 rounds instead of 100,000, so dozens of sign-ins stay quick in a test; the
 * portal reads the rounds from the hash.
 */
async function portalPeople(count: number, password: string): Promise<string[]> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations: 1000 }, key, 256);
  const hash = `pbkdf2-sha256$1000$${base64Url(salt)}$${base64Url(new Uint8Array(bits))}`;
  const emails: string[] = [];
  const statements = [];
  for (let i = 0; i < count; i++) {
    people += 1;
    const email = `supporter-${Date.now().toString(36)}-${people}@example.test`;
    emails.push(email);
    statements.push(
      env.DB.prepare("INSERT INTO dev_portal_users (id, email, forename, surname, password_hash) VALUES (?1, ?2, 'Sam', 'Supporter', ?3)").bind(
        crypto.randomUUID(),
        email,
        hash,
      ),
    );
  }
  await env.DB.batch(statements);
  return emails;
}

const directLogin = (b: Browser, username: string, password: string, ip: string) =>
  b.fetch("/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ username, password }),
    ip,
  });

/** The portal's form post, as the browser sends it after GET /auth/login (same address for both). */
async function portalSignIn(b: Browser, username: string, password: string, ip: string): Promise<Response> {
  const start = await b.fetch("/auth/login", { ip });
  const portal = new URL(start.headers.get("location") ?? "");
  return b.fetch("/sso/login", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      username,
      password,
      client_id: portal.searchParams.get("client_id") ?? "",
      redirect_uri: portal.searchParams.get("redirect_uri") ?? "",
    }).toString(),
    ip,
  });
}

describe("a guessing run against one account", () => {
  beforeAll(() => setDirectLogin(true));
  afterAll(() => setDirectLogin(false));

  it("from 30 addresses is slowed (most guesses never reach the password check), and the owner still signs in", async () => {
    const [victim = ""] = await portalPeople(1, "the-owners-password");
    const addresses = 30;
    const perAddress = 6;
    let checked = 0;
    const refused: Response[] = [];
    for (let a = 0; a < addresses; a++) {
      const b = browser();
      for (let i = 0; i < perAddress; i++) {
        const res = await directLogin(b, victim, `guess-${a}-${i}`, `192.0.2.${a + 1}`);
        if (res.status === 401) checked += 1;
        else if (res.status === 429) refused.push(res);
        else throw new Error(`a guess answered ${res.status}`);
      }
    }
    // Until the account's ceiling each address has its free failures; past it, one each. (An
    // address before the run whose next guess came more than the first wait, 2 s, after its last
    // failure on a very slow machine gets one more check: at most one per such address.)
    const addressesBeforeRun = SIGN_IN_BACKOFF.accountCeiling / SIGN_IN_BACKOFF.freeFailures;
    const expected = SIGN_IN_BACKOFF.accountCeiling + (addresses - addressesBeforeRun) * SIGN_IN_BACKOFF.freeFailuresDuringRun;
    expect(checked).toBeGreaterThanOrEqual(expected);
    expect(checked).toBeLessThanOrEqual(expected + addressesBeforeRun);
    expect(refused.length).toBe(addresses * perAddress - checked);
    for (const res of refused.slice(0, 3)) {
      expect(await res.json()).toMatchObject({ errors: [{ code: "RATE_LIMITED" }] });
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    }

    // The owner, from an address of their own, with the right password: in at once.
    const owner = browser();
    const signIn = await directLogin(owner, victim, "the-owners-password", "198.51.100.20");
    expect(signIn.status).toBe(200);
    expect((await owner.fetch("/api/session", { ip: "198.51.100.20" })).status).toBe(200);
    // ... and through the portal's form too
    const viaPortal = await portalSignIn(browser(), victim, "the-owners-password", "198.51.100.21");
    expect(viaPortal.status).toBe(303);
    expect(viaPortal.headers.get("location")).toContain("/auth/callback");
  });

  it("the wait of an address doubles with each failure while the run goes on, and ends (clock moved)", async () => {
    const [victim = ""] = await portalPeople(1, "another-owners-password");
    const t0 = 2_000_000_000;
    // a run under way: the ceiling reached from other addresses
    for (let a = 0; a < SIGN_IN_BACKOFF.accountCeiling; a++) await recordFailure(env.DB, await attemptKey(victim, `203.0.113.${a + 1}`), t0);
    const ip = "203.0.113.200";
    const key = await attemptKey(victim, ip);
    expect((await checkAttempt(env, ip, key, t0)).ok).toBe(true); // its first guess
    await recordFailure(env.DB, key, t0);
    let at = t0;
    for (const wait of [10, 20, 40, 80]) {
      expect(await checkAttempt(env, ip, key, at + wait - 1)).toMatchObject({ ok: false, retryAfter: 1 });
      at += wait;
      expect((await checkAttempt(env, ip, key, at)).ok).toBe(true);
      await recordFailure(env.DB, key, at);
    }
    expect((await readFailures(env.DB, key, at)).pair?.failures).toBe(5);
    // once the window has passed, everything is forgotten
    expect((await checkAttempt(env, ip, key, at + SIGN_IN_BACKOFF.windowSeconds)).ok).toBe(true);
    expect(await readFailures(env.DB, key, at + SIGN_IN_BACKOFF.windowSeconds)).toEqual({ accountFailures: 0, pair: null });
  });

  it("a burst of parallel guesses from one address cannot all reach the password check before their failures are counted", async () => {
    const [victim = ""] = await portalPeople(1, "burst-owners-password");
    const b = browser();
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => directLogin(b, victim, `burst-${i}`, "192.0.2.250")));
    const checked = answers.filter((r) => r.status === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(10); // the pair's binding: 10 a minute
    expect(answers.every((r) => r.status === 401 || r.status === 429)).toBe(true);
  });

  it("the dev portal's password form is slowed the same way", async () => {
    const [victim = ""] = await portalPeople(1, "portal-owners-password");
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i <= SIGN_IN_BACKOFF.freeFailures; i++) {
      last = await portalSignIn(browser(), victim, `guess-${i}`, "203.0.113.77");
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array<number>(SIGN_IN_BACKOFF.freeFailures).fill(401), 429]);
    expect(last?.headers.get("retry-after")).toBeTruthy();
    expect(await last?.text()).toContain("Too many sign-in attempts");
    // the owner, elsewhere, is not slowed
    expect((await portalSignIn(browser(), victim, "portal-owners-password", "203.0.113.78")).status).toBe(303);
  });
});

describe("a shared address (a stadium's Wi-Fi, a pub, a carrier's NAT)", () => {
  beforeAll(() => setDirectLogin(true));
  afterAll(() => setDirectLogin(false));

  it("signs in 60 different supporters through the portal's form, and 30 more by direct login, with none refused", async () => {
    const supporters = await portalPeople(90, "match-day-password");
    const stadium = "198.51.100.99";
    for (const email of supporters.slice(0, 60)) {
      const res = await portalSignIn(browser(), email, "match-day-password", stadium);
      expect(res.status, email).toBe(303);
    }
    for (const email of supporters.slice(60)) {
      expect((await directLogin(browser(), email, "match-day-password", stadium)).status).toBe(200);
    }
  });

  it("a few supporters' typos there do not slow anybody else behind it", async () => {
    const supporters = await portalPeople(30, "typo-day-password");
    const stadium = "198.51.100.98";
    for (const email of supporters) expect((await directLogin(browser(), email, "typo", stadium)).status).toBe(401);
    for (const email of supporters) expect((await directLogin(browser(), email, "typo-day-password", stadium)).status).toBe(200);
  });
});

describe("the provider's callback", () => {
  it("has no per-address limit: 50 sign-ins back through one address all succeed", async () => {
    const stadium = "198.51.100.97";
    for (let i = 0; i < 50; i++) {
      const b = browser();
      const identity = freshIdentity("callback");
      const { state } = await startLogin(b);
      const token = await devToken(identity, { nonce: state });
      const res = await b.fetch(`/auth/callback?state=${encodeURIComponent(state)}&tokenpayload=${encodeURIComponent(token)}`, { ip: stadium });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toContain("loginSuccess=true");
    }
  });

  it("still refuses a callback without its sign-in's state before any exchange", async () => {
    const b = browser();
    const res = await b.fetch(`/auth/callback?state=${"x".repeat(24)}&code=anything`, { ip: "198.51.100.96" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toContain("loginError=LOGIN_FAILED");
  });
});
