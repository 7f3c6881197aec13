// Spec §9 'default live entry ids for video and audio': /live/audio and /live/video play the entry
// the web settings live.defaultEntry.audio and live.defaultEntry.video name, changed through the
// admin settings API and followed on the next request.
import { env, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { browser } from "./auth-test-app";
import { z } from "zod";
import { liveAssetSchema } from "../../src/schemas/videos";
import { ROUTE_DATA_HEADER } from "../../src/app/route-data";

const TOKEN = "admin-token-for-default-live-tests-01";
const setting = (type: "audio" | "video", value: string | null) =>
  browser({ ADMIN_TOKEN: TOKEN }).fetch(`/api/admin/settings/live.defaultEntry.${type}`, {
    method: value === null ? "DELETE" : "PUT",
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
    ...(value === null ? {} : { body: JSON.stringify({ value }) }),
  });
const html = async (path: string) => (await SELF.fetch(`https://rovers.test${path}`)).text();
/** The id of the entry /live/{type} plays: its route's data, as a navigation asks for it. */
const defaultOf = async (type: string) => {
  const response = await SELF.fetch(`https://rovers.test/live/${type}`, { headers: { [ROUTE_DATA_HEADER]: "live/:mediaType/:assetID?" } });
  return response.status === 200 ? z.object({ data: z.object({ asset: liveAssetSchema }) }).parse(await response.json()).data.asset.id : response.status;
};
const titleOf = async (id: string) => (await env.DB.prepare("SELECT title FROM live_stream_assets WHERE id = ?1").bind(id).first<{ title: string }>())!.title;
/** The page's h1, tags and entities left as the server wrote them. */
const h1Of = (page: string) => page.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1] ?? "";

afterEach(async () => {
  expect((await setting("audio", "men-audio-commentary")).status).toBe(200);
  expect((await setting("video", "press-conference")).status).toBe(200);
});

describe("the default live entry of each type (spec §9)", () => {
  it("is the seeded setting: the men's audio commentary and the press conference", async () => {
    expect(await defaultOf("audio")).toBe("men-audio-commentary");
    expect(await defaultOf("video")).toBe("press-conference");
    expect(h1Of(await html("/live/audio"))).toContain("Live Audio: Rovers men");
    expect(await defaultOf("radio")).toBe(404);
  });

  it("follows the admin settings API on the next request", async () => {
    expect((await setting("video", "academy-live")).status).toBe(200);
    expect(await defaultOf("video")).toBe("academy-live");
    const title = await titleOf("academy-live");
    expect(h1Of(await html("/live/video"))).toContain(title.replace(/'/g, "&#x27;"));
    // the other type keeps its own
    expect(await defaultOf("audio")).toBe("men-audio-commentary");
  });

  it("a disabled, unknown or other-type id falls back to the first playable entry of the type; so does no setting", async () => {
    const first = (await env.DB.prepare("SELECT id FROM live_stream_assets WHERE media_type = 'video' AND status != 'disabled' ORDER BY position, id").first<{ id: string }>())!.id;
    for (const value of ["women-audio-archive", "no-such-asset", "men-audio-commentary", ""]) {
      expect((await setting("video", value)).status).toBe(200);
      expect(await defaultOf("video"), value).toBe(first);
    }
    // the disabled audio archive is never the default, even when named
    expect((await setting("audio", "women-audio-archive")).status).toBe(200);
    expect(await defaultOf("audio")).toBe("men-audio-commentary");
    expect((await setting("video", null)).status).toBe(200);
    expect(await defaultOf("video")).toBe(first);
    expect((await SELF.fetch("https://rovers.test/live/video")).status).toBe(200);
  });
});
