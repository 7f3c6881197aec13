import { beforeAll, describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from "react-router";
import type { ReactNode } from "react";
import DefaultLayout from "../../src/layouts/DefaultLayout";
import ErrorPage from "../../src/components/ErrorPage";
import ErrorPageFallback from "../../src/components/ErrorPageFallback";
import CookieConsent from "../../src/components/CookieConsent";
import { preferencesFromCookies, ViewerPreferencesContext } from "../../src/app/viewer-preferences";
import { pickSlotAdverts } from "../../src/components/footer/FooterAdverts";
import { AppStateProvider } from "../../src/state/store";
import type { Advert, Shell } from "../../src/schemas/shell";
import { loadLazyComponents } from "../../src/components/lazy-component";

/** Server-renders `element` at `/` inside a data router and the app state, as the worker does. */
async function render(element: ReactNode): Promise<string> {
  const routes: RouteObject[] = [{ path: "/", element }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("https://example.com/"));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppStateProvider>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppStateProvider>,
  );
}

const shell: Shell = {
  sponsorRows: [
    { rowID: 1, title: "Principal Partners", titleSize: "large", sponsorSize: "large", forcedOrder: 1, sponsors: [
      { sponsorID: 1, campaignID: null, title: "Acme Insurance", url: "https://acme.example/", imageKey: "sponsor-acme-insurance", forcedOrder: 1, isChildFriendly: true },
      { sponsorID: 2, campaignID: null, title: "Redline Bet", url: "https://bet.example/", imageKey: "sponsor-redline-bet", forcedOrder: 2, isChildFriendly: false },
    ] },
  ],
  headerSponsors: [],
  adverts: [],
  settings: { "social.facebook": "https://facebook.example/rovers", social_x: "https://x.example/rovers" },
  memberships: [],
  sectionSponsors: [],
};

describe("DefaultLayout (server render)", () => {
  // As the worker does before rendering: the layout's lazy parts (menu drawer, account panel) are ready.
  beforeAll(() => loadLazyComponents());

  it("renders the shell: skip link, navs, buttons, footer", async () => {
    const html = await render(<DefaultLayout shell={shell} headerStyle="solid"><p>page body</p></DefaultLayout>);
    expect(html).toContain('href="#main"');
    expect(html).toContain("page body");
    for (const label of ["News", "Ticket News", "Teams", "Matches", "Buy Tickets", "Buy Hospitality", "Store", "Rovers TV"]) {
      expect(html).toContain(`>${label}<`);
    }
    expect(html).toContain('href="/category/tickets"');
    expect(html).toContain(">Log In<");
    // The closed drawer is not in the page, so the burger names nothing it controls yet.
    expect(html).toMatch(/aria-expanded="false" aria-label="Open menu"/);
    expect(html).not.toContain('aria-controls="main-menu"');
    expect(html).toContain('data-style="solid"');
    expect(html).toMatch(/© \d{4} Northbridge Rovers FC/);
    for (const path of ["/cookie-policy", "/website-privacy-policy", "/terms-of-use", "/club-information/company-details", "/club-information/contact-us"]) {
      expect(html).toContain(`href="${path}"`);
    }
  });

  it("leaves the closed menu and the account panel out of the page and reads social links from either key spelling", async () => {
    const html = await render(<DefaultLayout shell={shell} headerStyle="transparent-dark"><p /></DefaultLayout>);
    // The drawer and the panel mount on first opening, with their chunks (e2e main-menu, sign-in).
    expect(html).not.toContain('id="main-menu"');
    expect(html).not.toContain('id="account-panel"');
    expect(html).not.toContain("menu-tree");
    expect(html).not.toContain("main-menu__primary");
    expect(html).toContain('href="https://facebook.example/rovers"');
    expect(html).toContain('href="https://x.example/rovers"');
  });

  it("hides sponsors not flagged child friendly (child-friendly mode is on by default)", async () => {
    const html = await render(<DefaultLayout shell={shell} headerStyle="solid"><p /></DefaultLayout>);
    expect(html).toContain("/images/280x120/sponsor-acme-insurance.svg");
    expect(html).not.toContain("sponsor-redline-bet");
  });

  it("renders the static navigation only when the CMS data failed (shell null)", async () => {
    const html = await render(<DefaultLayout shell={null} headerStyle="solid"><p /></DefaultLayout>);
    expect(html).toContain(">Ticket News<");
    expect(html).not.toContain("menu-tree");
  });
});

describe("ErrorPage", () => {
  it("shows the 404 texts of the spec", async () => {
    const html = await render(<ErrorPage status={404} />);
    expect(html).toContain("404 error");
    expect(html).toContain("This page could not be found");
    expect(html).toContain("Sorry, it looks like the page you are looking for isn&#x27;t available right now.");
    expect(html).toContain("Quick Links:");
    for (const path of ["/news", "/matches", "/teams", "/category/tickets"]) expect(html).toContain(`href="${path}"`);
    expect(html).toContain(">Buy Tickets");
  });

  it("leaves out the not-found line for other statuses", async () => {
    const html = await render(<ErrorPage status={500} />);
    expect(html).toContain("500 error");
    expect(html).not.toContain("This page could not be found");
  });

  it("has a fallback with the spec's exact text and a link home", () => {
    const html = renderToString(<ErrorPageFallback />);
    expect(html).toContain("An error occured while showing the error page");
    expect(html).toContain('href="/"');
  });
});

describe("layout rules", () => {
  it("the cookie popup is in the first paint until the supporter has chosen, whatever the choice", async () => {
    const popup = async (cookie: string) =>
      render(
        <ViewerPreferencesContext.Provider value={preferencesFromCookies(cookie)}>
          <CookieConsent settings={{}} />
        </ViewerPreferencesContext.Provider>,
      );
    const first = await popup("");
    expect(first).toContain('aria-label="Cookie consent"');
    expect(first).toContain("Manage choices");
    for (const chosen of ["cookie_consent=1", "cookie_consent=none", "a=1; cookie_consent=analytics,marketing"]) {
      expect(await popup(chosen)).not.toContain("Cookie consent");
    }
    expect(await popup("cookie_consent=nonsense")).toContain("Cookie consent");
  });

  it("fills the advert slots without repeats while enough adverts are eligible", () => {
    const advert = (id: number) => ({ id }) as Advert;
    const ads = [advert(1), advert(2), advert(3), advert(4)];
    const picked = pickSlotAdverts(ads, 3, () => 0);
    expect(picked.map((a) => a.id)).toEqual([1, 2, 3]);
    expect(pickSlotAdverts([advert(9)], 3, () => 0.5).map((a) => a.id)).toEqual([9, 9, 9]);
    expect(pickSlotAdverts([], 3, Math.random)).toEqual([]);
  });
});
