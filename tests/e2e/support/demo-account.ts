import type { Page } from "playwright-core";
import { BASE_URL, waitForHydration } from "./browser";
import { submitPortalForm } from "./portal-form";

/** The password of every demo account of the embedded dev portal (docs/demo-data.md). */
export const DEMO_PASSWORD = "rovers-demo";

/**
 * Signs in as a supporter would: the header's Log In, the panel's Log In link, the dev portal's
 * form, and back to `returnPath` (default: the page it started on), hydrated.
 */
export async function signInAs(page: Page, email: string, returnPath = new URL(page.url()).pathname): Promise<void> {
  await page.locator("header.site-header").getByRole("button", { name: "Log In" }).click();
  await page.locator("#account-panel").getByRole("link", { name: "Log In" }).click();
  await page.waitForURL(/\/sso\//);
  await submitPortalForm(
    page,
    async () => {
      await page.getByLabel("Email address").fill(email);
      await page.getByLabel("Password").fill(DEMO_PASSWORD);
    },
    "Log In",
    returnPath,
  );
  await waitForHydration(page);
}

export type ListedVideo = { entryId: string; title: string; entitlements: string[]; durationSeconds: number };

/** A full match replay for the mid tier (Rovers TV and up), from the content API. */
export async function midTierReplay(): Promise<ListedVideo> {
  const response = await fetch(`${BASE_URL}/api/content/videos?category=full-match-replays&pageSize=48`);
  const { items } = (await response.json()) as { items: ListedVideo[] };
  const replay = items.find((v) => v.entitlements.includes("roverstv") && !v.entitlements.includes("freemium"));
  if (!replay) throw new Error("no mid-tier replay in the seed");
  return replay;
}

/**
 * A video only the top tiers unlock (Rovers TV+ or VIP), from the content API: a pre-match
 * interview, since every full match replay is Rovers TV's (its package promises every game).
 */
export async function topTierVideo(): Promise<ListedVideo> {
  const response = await fetch(`${BASE_URL}/api/content/videos?category=interviews&pageSize=48`);
  const { items } = (await response.json()) as { items: ListedVideo[] };
  const video = items.find((v) => v.entitlements.length > 0 && v.entitlements.every((e) => e === "roverstv+" || e === "vip"));
  if (!video) throw new Error("no top-tier video in the seed");
  return video;
}
