// The club's tier records (spec §3 'Video membership') write a locked video's
// title, message and button. They travel in the root loader's shell, so editing a row in D1 and
// starting a new cache generation (what the admin API does after a write) changes the locked
// panel on the next request, with no request of its own per locked video.
import { env, SELF } from "cloudflare:test";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { LockedPanel } from "../../src/components/video/LockedPanel";
import { videoPath } from "../../src/routes/paths";
import { shellSchema, type Shell } from "../../src/schemas/shell";
import { initialAppState } from "../../src/state/reducer";
import { AppStateProvider } from "../../src/state/store";
import { browser } from "./auth-test-app";

const TOKEN = "admin-token-for-membership-tests-0001";
const ORIGIN = "https://rovers.test";

async function shellNow(): Promise<Shell> {
  const res = await SELF.fetch(`${ORIGIN}/api/content/shell`);
  expect(res.status).toBe(200);
  return shellSchema.parse(await res.json());
}

/** The locked panel as a signed-in supporter without the tier sees it, with this shell as the root's data. */
function lockedPanelHtml(shell: Shell, entitlements: string[]): string {
  const base = initialAppState(7);
  const state = { ...base, user: { ...base.user, loggedIn: true } };
  const router = createMemoryRouter(
    [{ id: "root", path: "*", loader: () => shell, element: <AppStateProvider initialState={state}><LockedPanel label="Locked video" entitlements={entitlements} /></AppStateProvider> }],
    { initialEntries: ["/videos/x"], hydrationData: { loaderData: { root: shell } } },
  );
  return renderToString(<RouterProvider router={router} />);
}

async function newCacheGeneration() {
  const res = await browser({ ADMIN_TOKEN: TOKEN }).fetch("/api/admin/cache/invalidate", {
    method: "POST",
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.status).toBe(200);
}

describe("video membership records drive the locked texts", () => {
  it("the seeded records say the spec's texts; an edited row speaks on the next request", async () => {
    const seeded = await shellNow();
    expect(seeded.memberships.map((m) => [m.membershipID, m.mappedEntitlements, m.orderPosition])).toEqual([
      [1, ["freemium"], 1], [2, ["roverstv"], 2], [3, ["roverstv+"], 3], [4, ["vip"], 4],
    ]);
    const before = lockedPanelHtml(seeded, ["roverstv+", "roverstv"]);
    expect(before).toContain("You must have a subscription pass to watch this content");
    expect(before).toContain("Subscribe to Rovers TV to watch");
    expect(before).toContain(">Subscribe to Rovers TV<");

    // a locked Rovers TV video's page carries the record in its router data
    const video = await env.DB.prepare(`SELECT entry_id FROM videos WHERE entitlements = '["roverstv","roverstv+","vip"]' LIMIT 1`).first<{ entry_id: string }>();
    expect(video).not.toBeNull();
    const page = () => SELF.fetch(`${ORIGIN}${videoPath(video!.entry_id)}`).then((r) => r.text());
    expect(await page()).toContain("Subscribe to Rovers TV to watch");

    await env.DB.prepare(
      `UPDATE memberships SET locked_video_title = 'Rovers TV members only', locked_video_message = 'Join Rovers TV for every replay',
         button_text = 'Join Rovers TV', button_link = '/club-information/contact-us' WHERE id = 2`,
    ).run();
    await newCacheGeneration();

    const edited = await shellNow();
    const after = lockedPanelHtml(edited, ["roverstv+", "roverstv"]);
    expect(after).toContain("Rovers TV members only");
    expect(after).toContain("Join Rovers TV for every replay");
    expect(after).toContain('href="/club-information/contact-us"');
    expect(after).toContain(">Join Rovers TV<");
    expect(after).not.toContain("Subscribe to Rovers TV to watch");
    const html = await page();
    expect(html).toContain("Join Rovers TV for every replay");
    expect(html).not.toContain("Subscribe to Rovers TV to watch");

    // a Rovers TV+ video still speaks with its own record
    expect(lockedPanelHtml(edited, ["roverstv+"])).toContain("Subscribe to Rovers TV+ to watch");
  });

  it("no record maps the video, or the records are gone: the spec's texts", async () => {
    await env.DB.prepare("DELETE FROM memberships").run();
    await newCacheGeneration();
    const shell = await shellNow();
    expect(shell.memberships).toEqual([]);
    const html = lockedPanelHtml(shell, ["roverstv"]);
    expect(html).toContain("You must have a subscription pass to watch this content");
    expect(html).toContain("Subscribe to Rovers TV to watch");
    expect(html).toContain(">Upgrade<");
  });
});
