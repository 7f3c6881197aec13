// A deploy restarts the Durable Object that holds a viewer's live stream session: every socket on
// it drops at once. The picture must play on while the player reopens its socket (with back-off)
// and the object, which kept the session, greets it again.
import type { Browser, WebSocketRoute } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchBrowser, openPage } from "./support/browser";
import { registerAs } from "./support/fresh-account";
import { club } from "../../src/config/club";

const PRESS = "/live/video/press-conference";
const WAIT = 60_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("a live stream whose socket drops", () => {
  it("plays on, and the player reopens the socket and is greeted again", async () => {
    const { page, context } = await openPage(browser, PRESS, DESKTOP);
    // Every /ws/streams socket goes through to the server; the test can drop the browser's side
    // alone, as a restart of the object does (the browser sees a close it did not ask for).
    const sockets: { route: WebSocketRoute; greeted: boolean }[] = [];
    await context.routeWebSocket(/\/ws\/streams/, (route) => {
      const entry = { route, greeted: false };
      sockets.push(entry);
      const server = route.connectToServer();
      server.onMessage((message) => {
        if (String(message) === JSON.stringify({ action: "session", status: "ok" })) entry.greeted = true;
        route.send(message);
      });
      route.onMessage((message) => server.send(message));
      // No forwarding of closes: dropping the browser's side must not close the object's.
      route.onClose(() => {});
      server.onClose(() => {});
    });
    try {
      // An account of its own (Rovers TV): its stream sessions are this test's alone.
      await registerAs(page, "reconnect", { entitlements: [club.entitlements.mid], returnPath: PRESS });
      await page.locator(".theatre__play").click({ timeout: WAIT });
      const stage = page.locator(".video-overlay__stage");
      await expect.poll(() => stage.getAttribute("data-phase"), { timeout: WAIT }).toBe("playing");
      await expect.poll(() => sockets[0]?.greeted ?? false, { timeout: WAIT }).toBe(true);
      const video = page.locator(".video-overlay video");
      const time = () => video.evaluate((v: HTMLVideoElement) => v.currentTime);

      await sockets[0]!.route.close({ code: 1012, reason: "Service Restart" });
      // A new socket within the back-off's first steps, greeted by the object that kept the session.
      await expect.poll(() => sockets.length, { timeout: 15_000 }).toBeGreaterThan(1);
      await expect.poll(() => sockets.at(-1)!.greeted, { timeout: 15_000 }).toBe(true);
      // The picture never stopped.
      const at = await time();
      await expect.poll(time, { timeout: WAIT }).toBeGreaterThan(at + 3);
      expect(await stage.getAttribute("data-phase")).toBe("playing");
      expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
    } finally {
      await context.close();
    }
  }, 240_000);
});
