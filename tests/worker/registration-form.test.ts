// Spec §9 'Registration form is 'short'': the site's Register link tells the login portal which
// form to show, from the web setting login.registrationForm (short by default, or long), and the
// dev portal's register page honours it.
import { afterAll, describe, expect, it } from "vitest";
import { browser } from "./auth-test-app";

const TOKEN = "admin-token-for-registration-tests-01";
const put = (value: string) =>
  browser({ ADMIN_TOKEN: TOKEN }).fetch("/api/admin/settings/login.registrationForm", {
    method: "PUT",
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ value }),
  });

const post = (portal: URL, fields: Record<string, string>) =>
  browser().fetch("/sso/register", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      client_id: portal.searchParams.get("client_id") ?? "",
      redirect_uri: portal.searchParams.get("redirect_uri") ?? "",
      ...fields,
    }).toString(),
  });

/** Follows the site's Register link to the portal and returns the portal's URL and page. */
async function registerPage() {
  const b = browser();
  const start = await b.fetch("/auth/register?returnUrl=%2Fnews");
  const portal = new URL(start.headers.get("location") ?? "");
  const page = await (await b.fetch(portal.pathname + portal.search)).text();
  return { portal, page };
}

const ACCOUNT = { forename: "Rae", surname: "Reg", password: "a-long-password" };
const email = (tag: string) => `reg-${tag}-${Date.now()}@example.test`;

afterAll(async () => {
  await put("short");
});

describe("registration form (spec §9)", () => {
  it("short by default: only email, password, first and last name", async () => {
    const { portal, page } = await registerPage();
    expect(portal.searchParams.get("form")).toBe("short");
    expect(page).toContain('data-form="short"');
    for (const name of ["forename", "surname", "email", "password"]) expect(page).toContain(`name="${name}"`);
    for (const name of ["dateOfBirth", "postcode", "phone"]) expect(page).not.toContain(`name="${name}"`);
    expect((await post(portal, { ...ACCOUNT, email: email("short"), form: "short" })).status).toBe(303);
  });

  it("long when the club sets it: date of birth, postcode and phone too, and required", async () => {
    expect((await put("long")).status).toBe(200);
    const { portal, page } = await registerPage();
    expect(portal.searchParams.get("form")).toBe("long");
    expect(page).toContain('data-form="long"');
    for (const name of ["forename", "surname", "email", "password", "dateOfBirth", "postcode", "phone"]) expect(page).toContain(`name="${name}"`);

    const missing = await post(portal, { ...ACCOUNT, email: email("long-missing"), form: "long" });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Please enter your date of birth");

    const done = await post(portal, { ...ACCOUNT, email: email("long"), form: "long", dateOfBirth: "1990-04-01", postcode: "NB1 2RF", phone: "+44 20 7946 0000" });
    expect(done.status).toBe(303);
    expect((await put("short")).status).toBe(200);
    expect((await registerPage()).portal.searchParams.get("form")).toBe("short");
  });
});
