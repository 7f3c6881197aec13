import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { browser, devToken, freshIdentity, locationOf, signInWithToken, type Browser } from "./auth-test-app";
import type { Identity } from "../../worker/accounts/identity";

/**
 * Family mode (spec §1, on by default) starts off for a signed-in adult: the sign-in service's date
 * of birth (an OIDC `birthdate` claim; the dev portal's long form) is kept on the account, and
 * sign-in sets a hint the render reads, so an adult's /teams lists every team from the first paint.
 * A minor, an account without a date of birth and a visitor keep the default; an explicit choice
 * wins either way.
 */

const SHOWN = 'href="/teams/womens-first-team"';
const NOTICE = "Family mode: some teams hidden";
const teams = async (b: Browser, extra = "") => (await SELF.fetch("https://rovers.test/teams", { headers: { cookie: [b.jar.header(), extra].filter(Boolean).join("; ") } })).text();
const yearsAgo = (years: number) => `${new Date().getUTCFullYear() - years}-01-01`;

async function signedIn(identity: Identity): Promise<Browser> {
  const b = browser();
  const res = await signInWithToken(b, (nonce) => devToken(identity, { nonce }));
  expect(res.status).toBe(302);
  return b;
}
const stored = async (ssoID: string) => (await env.DB.prepare("SELECT birthdate FROM accounts WHERE sso_id = ?1").bind(ssoID).first<{ birthdate: string | null }>())?.birthdate;

describe("family mode for signed-in adults", () => {
  it("an adult by date of birth sees every team on /teams without pressing anything; the date is kept on the account", async () => {
    const adult = { ...freshIdentity("adult"), birthdate: "1990-05-01" };
    const b = await signedIn(adult);
    expect(await stored(adult.ssoID)).toBe("1990-05-01");
    expect(b.jar.cookies.get("rovers_adult")).toBe("1");
    const html = await teams(b);
    expect(html).toContain(SHOWN);
    expect(html).not.toContain(NOTICE);
    expect(html).toContain('data-prefs="cf0.');
  });

  it("a minor, and an account without a date of birth, keep family mode on", async () => {
    const minor = { ...freshIdentity("minor"), birthdate: yearsAgo(15) };
    const none = freshIdentity("no-birthdate");
    for (const identity of [minor, none]) {
      const b = await signedIn(identity);
      expect(b.jar.cookies.has("rovers_adult")).toBe(false);
      const html = await teams(b);
      expect(html, identity.ssoID).not.toContain(SHOWN);
      expect(html, identity.ssoID).toContain(NOTICE);
    }
    expect(await stored(minor.ssoID)).toBe(yearsAgo(15));
    expect(await stored(none.ssoID)).toBeNull();
  });

  it("the supporter's own choice wins: an adult who switched family mode on keeps it on", async () => {
    const b = await signedIn({ ...freshIdentity("adult-choice"), birthdate: "1980-02-29" });
    const html = await teams(b, "rovers_child_friendly=1");
    expect(html).not.toContain(SHOWN);
    expect(html).toContain(NOTICE);
  });

  it("a later sign-in without a date of birth keeps the one known; an unreadable claim is ignored; logout ends the hint", async () => {
    const identity = { ...freshIdentity("adult-again"), birthdate: "1985-07-14" };
    await signedIn(identity);
    const { birthdate: _known, ...without } = identity;
    const b = await signedIn(without);
    expect(await stored(identity.ssoID)).toBe("1985-07-14");
    expect(b.jar.cookies.get("rovers_adult")).toBe("1");
    await b.fetch("/auth/logout", { method: "POST" });
    expect(b.jar.cookies.has("rovers_adult")).toBe(false);
    const odd = await signedIn({ ...freshIdentity("odd-claim"), birthdate: "sometime in 1990" });
    expect(odd.jar.cookies.has("rovers_adult")).toBe(false);
  });

  it("the dev portal's long registration form sends the date of birth with the account", async () => {
    const b = browser();
    const start = await b.fetch("/auth/register?returnUrl=%2Fteams");
    const portal = new URL(locationOf(start));
    const email = `long-adult-${Date.now()}@example.test`;
    const posted = await b.fetch("/sso/register", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        client_id: portal.searchParams.get("client_id") ?? "",
        redirect_uri: portal.searchParams.get("redirect_uri") ?? "",
        form: "long",
        forename: "Lee",
        surname: "Long",
        email,
        password: "a-long-password",
        dateOfBirth: "1992-03-04",
        postcode: "NB1 2RF",
        phone: "+44 20 7946 0000",
      }).toString(),
    });
    expect(posted.status).toBe(303);
    const back = new URL(locationOf(posted));
    expect(locationOf(await b.fetch(back.pathname + back.search))).toBe("/teams?loginSuccess=true");
    const row = await env.DB.prepare("SELECT birthdate FROM accounts WHERE email = ?1").bind(email).first<{ birthdate: string | null }>();
    expect(row?.birthdate).toBe("1992-03-04");
    expect(await teams(b)).toContain(SHOWN);
  });
});
