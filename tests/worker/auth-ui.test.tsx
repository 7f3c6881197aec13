import { afterEach, describe, expect, it, vi } from "vitest";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import type { ReactNode } from "react";
import AccountNotification from "../../src/components/account/AccountNotification";
import AccountPanel from "../../src/components/account/AccountPanel";
import ErrorNotification from "../../src/components/account/ErrorNotification";
import { runLoginCheck } from "../../src/account/session-client";
import { currentSubscriptionMessage } from "../../src/account/subscription-status";
import type { AppAction, AppState } from "../../src/state/app-state";
import { initialAppState } from "../../src/state/reducer";
import { AppStateProvider } from "../../src/state/store";
import { devToken, freshIdentity, signInWithToken, browser, type Browser, withDirectLogin } from "./auth-test-app";
import { env } from "cloudflare:test";

/** The account components rendered on the server, and the browser's login check against the real routes. */
function render(ui: ReactNode, state: AppState, path = "/videos?x=1&loginSuccess=true") {
  const router = createMemoryRouter([{ path: "*", element: <AppStateProvider initialState={state}>{ui}</AppStateProvider> }], { initialEntries: [path] });
  return renderToString(<RouterProvider router={router} />);
}

function stateWith(over: Omit<Partial<AppState>, "user"> & { user?: Partial<AppState["user"]> }): AppState {
  const base = initialAppState(42);
  return { ...base, ...over, user: { ...base.user, ...(over.user ?? {}) } };
}

describe("AccountPanel", () => {
  it("logged out: headings, the external sign-in button with the current path, the register box", () => {
    const html = render(<AccountPanel />, stateWith({ accountHeaderOpen: true }));
    expect(html).toContain("Sign in to your <!-- -->Northbridge Rovers FC<!-- --> account");
    expect(html).toContain("Rovers Account");
    expect(html).toContain('href="/auth/login?returnUrl=%2Fvideos%3Fx%3D1"');
    expect(html).toContain('href="/auth/register?returnUrl=%2Fvideos%3Fx%3D1"');
    expect(html).toContain(">Register<");
    expect(html).toContain("account-underlay");
    expect(html).not.toContain('name="password"');
  });

  it("logged out with direct login: the username/password form and the forgotten-password link", () => {
    const html = render(<AccountPanel />, stateWith({ accountHeaderOpen: true, directLogin: true }));
    expect(html).toContain('name="username"');
    expect(html).toContain('name="password"');
    expect(html).toContain(">Log In<");
    expect(html).toContain('href="/auth/forgot-password"');
  });

  it("closed: no underlay, panel inert", () => {
    const html = render(<AccountPanel />, stateWith({}));
    expect(html).not.toContain("account-underlay");
    expect(html).toContain("inert");
  });

  it("logged in: summary with welcome, Account ID, bypass note and the three buttons", () => {
    const user = { loggedIn: true, userDisplayName: "Pat Plus", ssoID: "demo-plus", bypassed: true, stripeCustomerID: "cus_1" };
    const html = render(<AccountPanel />, stateWith({ accountHeaderOpen: true, user }));
    expect(html).toContain("Welcome back");
    expect(html).toContain("Pat Plus");
    expect(html).toContain("Account ID");
    expect(html).toContain("demo-plus");
    expect(html).toContain("Account Restrictions Bypassed");
    expect(html).toContain(">Manage Account<");
    expect(html).toContain('href="/auth/profile"');
    expect(html).toContain(">View Subscriptions<");
    expect(html).toContain(">Log Out<");

    const noCustomer = render(<AccountPanel />, stateWith({ accountHeaderOpen: true, user: { ...user, bypassed: false, stripeCustomerID: "" } }));
    expect(noCustomer).not.toContain("View Subscriptions");
    expect(noCustomer).not.toContain("Account Restrictions Bypassed");
  });
});

describe("notifications", () => {
  it("render their texts when displayed", () => {
    const html = render(
      <>
        <AccountNotification />
        <ErrorNotification />
      </>,
      stateWith({
        accountNotification: { display: true, message: "Logged In" },
        errorNotification: { display: true, title: "There was a problem logging in", message: "<p>Please try again in a few minutes</p>" },
      }),
    );
    expect(html).toContain("Logged In");
    expect(html).toContain("There was a problem logging in");
    expect(html).toContain("<p>Please try again in a few minutes</p>");
    expect(html).toContain(">30<");
    expect(html).toContain(">Close<");
  });
});

/** Routes the page's relative fetches to the test app, as the signed-in browser. */
function serve(b: Browser, rewrite?: (path: string, res: Response) => Response | Promise<Response>) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      const res = await b.fetch(path, init);
      return rewrite ? rewrite(path, res) : res;
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("the login check (runLoginCheck)", () => {
  it("logged in: stores the user, the bypass flag and the entitlements", async () => {
    const b = browser();
    const identity = freshIdentity("ui");
    await signInWithToken(b, (nonce) => devToken(identity, { nonce }));
    await env.DB.prepare("UPDATE accounts SET entitlements = '[\"roverstv\"]', stripe_customer_id = ?2, bypassed = 1 WHERE sso_id = ?1").bind(identity.ssoID, `cus_${identity.ssoID}`).run();
    serve(b);
    const actions: AppAction[] = [];
    await runLoginCheck((a) => actions.push(a));
    expect(actions).toEqual([
      { type: "login/directLogin", enabled: false },
      { type: "login/checkCompleted", user: { displayName: "Sam Supporter", ssoID: identity.ssoID, email: identity.email } },
      { type: "session/bypassed", bypassed: true },
      { type: "entitlements/set", entitlements: ["roverstv"], stripeCustomerID: `cus_${identity.ssoID}` },
    ]);
  });

  it("ignores an entitlement answer for another user", async () => {
    const b = browser();
    const identity = freshIdentity("ui");
    await signInWithToken(b, (nonce) => devToken(identity, { nonce }));
    serve(b, (path, res) =>
      path.startsWith("/api/users/entitlements/")
        ? Response.json({ data: { attributes: { userID: "someone-else", entitlements: ["vip"], stripeCustomerID: null } } })
        : res,
    );
    const actions: AppAction[] = [];
    await runLoginCheck((a) => actions.push(a));
    expect(actions.map((a) => a.type)).toEqual(["login/directLogin", "login/checkCompleted", "session/bypassed"]);
  });

  it("404: no entitlements and 'You have no subscriptions'", async () => {
    const b = browser();
    await signInWithToken(b, (nonce) => devToken(freshIdentity("ui"), { nonce }));
    serve(b);
    const actions: AppAction[] = [];
    await runLoginCheck((a) => actions.push(a));
    expect(actions.at(-1)).toEqual({ type: "entitlements/set", entitlements: [], stripeCustomerID: "" });
    expect(currentSubscriptionMessage()).toBe("You have no subscriptions");
  });

  it("logged out: the check completes with no user", async () => {
    serve(browser());
    const actions: AppAction[] = [];
    await runLoginCheck((a) => actions.push(a));
    expect(actions).toEqual([{ type: "login/directLogin", enabled: false }, { type: "login/checkCompleted", user: null }]);
  });

  it("login.direct on: the check turns the account panel's username/password form on", async () => {
    serve(browser());
    const actions: AppAction[] = [];
    await withDirectLogin(() => runLoginCheck((a) => actions.push(a)));
    expect(actions).toEqual([{ type: "login/directLogin", enabled: true }, { type: "login/checkCompleted", user: null }]);
  });
});
