import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { browser, devToken, freshIdentity, signInWithToken, type Browser } from "./auth-test-app";
import { emptyQueue, mp4Bytes, queuedJob, readyVideo } from "./video-pipeline-fixtures";

/** The media gate serving a transcoded video from R2: the same tokens and rules as the clips, Range, types, 'processing'. */

const entry = async (offset = 0) => (await env.DB.prepare("SELECT entry_id FROM videos ORDER BY id LIMIT 1 OFFSET ?1").bind(offset).first<{ entry_id: string }>())!.entry_id;

/** A signed-in account that may watch everything (restrictions bypassed): these tests are about the files. */
async function viewer(): Promise<Browser> {
  const b = browser();
  const identity = freshIdentity("r2-viewer");
  const res = await signInWithToken(b, (nonce) => devToken(identity, { nonce }));
  if (res.status !== 302) throw new Error(`sign-in answered ${res.status}`);
  await env.DB.prepare("UPDATE accounts SET bypassed = 1 WHERE sso_id = ?1").bind(identity.ssoID).run();
  return b;
}

async function masterUrl(b: Browser, entryId: string): Promise<URL> {
  const res = await b.fetch("/api/playback", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ entryId }) });
  expect(res.status).toBe(200);
  return new URL(((await res.json()) as { data: { attributes: { url: string } } }).data.attributes.url, "http://localhost");
}
const uris = (text: string) => text.split("\n").filter((l) => l && !l.startsWith("#"));
const pathOf = (url: URL) => `${url.pathname}${url.search}`;

async function firstSegment(b: Browser, entryId: string): Promise<{ url: URL; master: URL }> {
  const master = await masterUrl(b, entryId);
  const masterText = await (await b.fetch(pathOf(master))).text();
  const variant = new URL(uris(masterText)[0]!, master);
  const media = await (await b.fetch(pathOf(variant))).text();
  return { url: new URL(uris(media)[0]!, variant), master };
}

beforeEach(emptyQueue);

describe("a ready video's files from R2", () => {
  it("serves the master and media playlists from R2 with the token and segment tokens written in", async () => {
    const b = await viewer();
    const entryId = await entry();
    await readyVideo(entryId);
    const master = await masterUrl(b, entryId);
    const res = await b.fetch(pathOf(master));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.apple.mpegurl");
    expect(res.headers.get("cache-control")).toContain("no-store");
    const text = await res.text();
    expect(text).toContain('RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2"');
    const token = master.searchParams.get("token")!;
    expect(uris(text)).toEqual([`720p/index.m3u8?token=${token}`, `audio/index.m3u8?token=${token}`]);
    const media = await (await b.fetch(pathOf(new URL(uris(text)[0]!, master)))).text();
    expect(media).toMatch(/#EXT-X-MAP:URI="init_0\.mp4\?token=[^"&]+&seg=\d+\.vod\.[\w-]{43}"/);
    expect(uris(media)[0]).toMatch(/^seg0\.m4s\?token=.+&seg=\d+\.vod\.[\w-]{43}$/);
  });

  it("serves a segment whole (200) and by Range (206), 416 outside it, with its type and nosniff", async () => {
    const b = await viewer();
    const entryId = await entry();
    const bytes = mp4Bytes(3000);
    await readyVideo(entryId, bytes);
    const { url } = await firstSegment(b, entryId);
    const whole = await b.fetch(pathOf(url));
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("video/mp4");
    expect(whole.headers.get("x-content-type-options")).toBe("nosniff");
    expect(whole.headers.get("cache-control")).toContain("immutable");
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes);
    const part = await b.fetch(pathOf(url), { headers: { range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 100-199/3000");
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.subarray(100, 200));
    const suffix = await b.fetch(pathOf(url), { headers: { range: "bytes=-10" } });
    expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(bytes.subarray(2990));
    for (const range of ["bytes=3000-", "bytes=5000-6000", "bytes=-0"]) {
      const bad = await b.fetch(pathOf(url), { headers: { range } });
      expect(bad.status, range).toBe(416);
      expect(bad.headers.get("content-range")).toBe("bytes */3000");
      expect((await bad.arrayBuffer()).byteLength).toBe(0);
    }
  });

  it("streams a file too large to keep in memory by ranged reads", async () => {
    const b = await viewer();
    const entryId = await entry();
    const big = mp4Bytes(5 * 1024 * 1024);
    await readyVideo(entryId, big);
    const { url } = await firstSegment(b, entryId);
    const part = await b.fetch(pathOf(url), { headers: { range: "bytes=4194300-4194309" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 4194300-4194309/${big.byteLength}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(big.subarray(4194300, 4194310));
    const whole = await b.fetch(pathOf(url));
    expect(whole.status).toBe(200);
    expect(Number(whole.headers.get("content-length"))).toBe(big.byteLength);
    expect((await whole.arrayBuffer()).byteLength).toBe(big.byteLength);
    expect((await b.fetch(pathOf(url), { headers: { range: `bytes=${big.byteLength}-` } })).status).toBe(416);
  });

  it("gives no byte without the tokens: no token 401, another file's segment token 403, none for a stranger's playlist", async () => {
    const b = await viewer();
    const entryId = await entry();
    await readyVideo(entryId);
    const { url, master } = await firstSegment(b, entryId);
    const base = `/media/vod/${entryId}/720p/seg0.m4s`;
    const none = await browser().fetch(base);
    expect(none.status).toBe(401);
    expect(none.headers.get("content-type")).toContain("application/json");
    const noSeg = new URL(url);
    noSeg.searchParams.delete("seg");
    const refused = await browser().fetch(pathOf(noSeg));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe("SEGMENT_TOKEN_INVALID");
    // another file with this segment's token
    const other = await browser().fetch(pathOf(url).replace("seg0.m4s", "seg1.m4s"));
    expect(other.status).toBe(403);
    // the master with the token but without its session: 401
    expect((await browser().fetch(pathOf(master))).status).toBe(401);
    // a name outside the ladder's is 404 before anything is read
    expect((await b.fetch(`/media/vod/${entryId}/720p/../../sources/x?token=${master.searchParams.get("token")}`)).status).toBe(404);
  });

  it("serves the poster and the storyboard on the playback token, the track naming its sprite with the token", async () => {
    const b = await viewer();
    const entryId = await entry();
    await readyVideo(entryId);
    const token = (await masterUrl(b, entryId)).searchParams.get("token")!;
    const poster = await browser().fetch(`/media/vod/${entryId}/poster.jpg?token=${token}`);
    expect(poster.status).toBe(200);
    expect(poster.headers.get("content-type")).toBe("image/jpeg");
    const track = await browser().fetch(`/media/vod/${entryId}/storyboard.vtt?token=${token}`);
    expect(track.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    expect(await track.text()).toContain(`storyboard.jpg?token=${token}#xywh=0,0,160,90`);
    expect((await browser().fetch(`/media/vod/${entryId}/storyboard.jpg?token=${token}`)).headers.get("content-type")).toBe("image/jpeg");
    expect((await browser().fetch(`/media/vod/${entryId}/poster.jpg`)).status).toBe(401);
  });
});

describe("videos without ready media", () => {
  it("answers 409 MEDIA_PROCESSING for a video whose source is not transcoded yet, and no file", async () => {
    const b = await viewer();
    const entryId = await entry(1);
    const { sourceId } = await queuedJob();
    await env.DB.prepare("UPDATE videos SET source_id = ?2 WHERE entry_id = ?1").bind(entryId, sourceId).run();
    const master = await masterUrl(b, entryId);
    const res = await b.fetch(pathOf(master));
    expect(res.status).toBe(409);
    expect(((await res.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe("MEDIA_PROCESSING");
  });

  it("is 'processing' for a video with no source: every file, nothing from anywhere else", async () => {
    const b = await viewer();
    const entryId = await entry(2);
    const master = await masterUrl(b, entryId);
    const token = master.searchParams.get("token");
    for (const file of ["master.m3u8", "360p/index.m3u8", "poster.jpg", "storyboard.vtt"]) {
      const res = await b.fetch(`/media/vod/${entryId}/${file}?token=${token}`);
      expect(res.status, file).toBe(409);
      expect(((await res.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe("MEDIA_PROCESSING");
    }
  });
});
