import { describe, expect, it } from "vitest";
import { browser, signedIn, withDirectLogin, type Browser } from "./auth-test-app";
import { roleAccount } from "./staff-accounts";

/**
 * Every route that reads a form body (worker/http/form-body.ts; the media library's upload too) answers a body it cannot read with
 * 400 MALFORMED_BODY, never a 500: a multipart body cut short, one whose boundary is missing, one
 * whose Content-Type names no boundary. Each route is reached as a browser would reach it (signed
 * in, a pending checkout, the same Origin), so the body is what refuses it.
 */
const BOUNDARY = "----rovers-form-7MA4YWxkTrZu0gW";
const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

const malformed: [string, string, string][] = [
  ["a multipart body cut off inside a field", `multipart/form-data; boundary=${BOUNDARY}`, `${field("phrase", "rovers")}--${BOUNDARY}\r\nContent-Disposition: form-data; name="returnTo"\r\n\r\n/vid`],
  ["a multipart body with no closing boundary", `multipart/form-data; boundary=${BOUNDARY}`, field("promo", "FIRSTMONTH")],
  ["a multipart body under another boundary", `multipart/form-data; boundary=${BOUNDARY}`, "--other\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb\r\n--other--\r\n"],
  ["a multipart Content-Type without a boundary", "multipart/form-data", `${field("a", "b")}--${BOUNDARY}--\r\n`],
];

interface FormRoute {
  path: string;
  /** a browser that reaches the route's body (signed in, a checkout pending) */
  open(): Promise<{ b: Browser; path: string }>;
}

const anonymous = (path: string): FormRoute => ({ path, open: async () => ({ b: browser(), path }) });

async function pendingCheckout(): Promise<{ b: Browser; path: string }> {
  const { b } = await signedIn();
  const created = await b.fetch("/api/checkout", { method: "POST", body: JSON.stringify({ packageID: "roverstv", priceID: "price_roverstv_month" }), headers: { "content-type": "application/json" } });
  expect(created.status).toBe(200);
  return { b, path: ((await created.json()) as { url: string }).url };
}

const routes: FormRoute[] = [
  anonymous("/site-lock"),
  anonymous("/sso/login"),
  anonymous("/sso/register"),
  anonymous("/sso/forgot-password"),
  { path: "/dev-payments/checkout/{id}/promo", open: async () => pendingCheckout().then(({ b, path }) => ({ b, path: `${path}/promo` })) },
  { path: "/dev-payments/checkout/{id}/pay", open: async () => pendingCheckout().then(({ b, path }) => ({ b, path: `${path}/pay` })) },
  { path: "/dev-payments/portal/cancel", open: async () => ({ b: (await signedIn()).b, path: "/dev-payments/portal/cancel" }) },
  { path: "/api/console/media", open: async () => ({ b: (await roleAccount("media-form", ["editor"])).b, path: "/api/console/media" }) },
];

describe("a form body that cannot be read", () => {
  for (const route of routes) {
    it.each(malformed)(`POST ${route.path}, %s: 400 MALFORMED_BODY`, async (_name, contentType, body) => {
      const { b, path } = await route.open();
      const response = await b.fetch(path, { method: "POST", body, headers: { "content-type": contentType } });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ errors: [{ code: "MALFORMED_BODY", detail: "The form body could not be read" }] });
    });
  }

  it("a pending checkout stays pending after a malformed Pay (nothing written)", async () => {
    const { b, path } = await pendingCheckout();
    const [, contentType, body] = malformed[0]!;
    expect((await b.fetch(`${path}/pay`, { method: "POST", body, headers: { "content-type": contentType } })).status).toBe(400);
    expect((await b.fetch(path)).status).toBe(200);
  });

  it("POST /auth/login (direct login) answers a malformed body 400 INVALID_INPUT", async () => {
    await withDirectLogin(async () => {
      for (const [, contentType, body] of malformed) {
        const response = await browser().fetch("/auth/login", { method: "POST", body, headers: { "content-type": contentType } });
        expect(response.status).toBe(400);
        expect(((await response.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe("INVALID_INPUT");
      }
    });
  });

  it("POST /auth/logout still signs out (its body only carries a return path): a redirect home, never a 5xx", async () => {
    for (const [, contentType, body] of malformed) {
      const { b } = await signedIn();
      const response = await b.fetch("/auth/logout", { method: "POST", body, headers: { "content-type": contentType } });
      expect(response.status).toBe(303);
      expect(((await (await b.fetch("/api/session")).json()) as { data: unknown }).data).toBeNull();
    }
  });

  it("a well-formed multipart body is read as before (control)", async () => {
    const { b, path } = await pendingCheckout();
    const response = await b.fetch(`${path}/promo`, { method: "POST", body: `${field("promo", "FREEFOREVER")}--${BOUNDARY}--\r\n`, headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` } });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This code is invalid.");
    const siteLock = await browser().fetch("/site-lock", { method: "POST", body: `${field("phrase", "x")}${field("returnTo", "/videos")}--${BOUNDARY}--\r\n`, headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` } });
    // the lock is off: the form is read and the visitor goes back where they were
    expect(siteLock.status).toBe(303);
    expect(siteLock.headers.get("location")).toBe("/videos");
  });
});
