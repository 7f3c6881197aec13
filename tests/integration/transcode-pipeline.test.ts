import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM scripts without types
import { startServer, stopServer } from "../../scripts/start-server.mjs";
// @ts-expect-error plain ESM scripts without types
import { setupDb } from "../../scripts/setup-db.mjs";
// @ts-expect-error plain ESM scripts without types
import { devSignIn } from "../../scripts/bench-sign-in.mjs";
// @ts-expect-error plain ESM scripts without types
import { devAdminToken, devTranscoderToken, root } from "../../scripts/run-command.mjs";

/**
 * The pipeline end to end: a 10 s 1280x720 test source made by ffmpeg is uploaded through the
 * console's multipart API to `wrangler dev`, the transcoder (scripts/transcoder.mjs) runs once,
 * and the media is checked in R2 through the gate: the master's renditions, segment lengths, the
 * duration, poster and storyboard, and a segment served with its token (and not without).
 * Port: TRANSCODE_TEST_PORT, default 8813. Skipped only where ffmpeg is not installed
 * (scripts/ensure-ffmpeg.sh installs it).
 */
const hasFfmpeg = spawnSync("ffmpeg", ["-version"]).status === 0 && spawnSync("ffprobe", ["-version"]).status === 0;
if (!hasFfmpeg) console.warn("transcode-pipeline: SKIPPED — ffmpeg/ffprobe not found (run scripts/ensure-ffmpeg.sh)");

const PORT = Number(process.env.TRANSCODE_TEST_PORT || 8813);
const PERSIST = path.join(root, ".wrangler", "integration-state");
const IP = "10.91.0.1";

describe.skipIf(!hasFfmpeg)("upload → transcode → play from R2", () => {
  let server: { baseUrl: string };
  let base = "";
  const work = mkdtempSync(path.join(tmpdir(), "transcode-it-"));

  beforeAll(async () => {
    // The worker serves pages with the client build's manifest: build it once if there is none.
    if (!existsSync(path.join(root, "public", "build", "manifest.json"))) expect(spawnSync(process.execPath, [path.join(root, "scripts", "build-client.mjs")]).status).toBe(0);
    rmSync(PERSIST, { recursive: true, force: true });
    await setupDb({ persistTo: PERSIST });
    server = await startServer({ port: PORT, persistTo: PERSIST, logFile: "test-results/integration-server.log", env: { NODE_ENV: "production" }, readyPath: "/robots.txt" });
    base = server.baseUrl;
  });
  afterAll(async () => {
    if (server) await stopServer(server);
    rmSync(work, { recursive: true, force: true });
  });

  it("transcodes an upload into a ladder the gate serves", async () => {
    // The source: testsrc2 and a sine tone, 10 s, 1280x720, H.264/AAC in MP4.
    const source = path.join(work, "source.mp4");
    const made = spawnSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", "10", "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", source]);
    expect(made.status, made.stderr.toString()).toBe(0);
    const bytes = readFileSync(source);

    // A member of staff (granted through the admin API, as the club does it).
    const staffID = `it-staff-${Date.now()}`;
    // wrangler may still reload the worker once just after it first answers: the first call is retried.
    let cookie = "";
    for (let attempt = 0; !cookie; attempt++) {
      cookie = await devSignIn(base, staffID, IP).catch(async (error: unknown) => {
        if (attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 2000));
        return "";
      });
    }
    const grant = await fetch(`${base}/api/admin/accounts/${staffID}/grant-staff`, { method: "POST", headers: { authorization: `Bearer ${devAdminToken}` } });
    expect(grant.status).toBe(200);
    // …and watches any video (restrictions bypassed): this test is about the media, not the tiers.
    expect((await fetch(`${base}/api/admin/accounts/${staffID}/bypass`, { method: "POST", headers: { authorization: `Bearer ${devAdminToken}` } })).status).toBe(200);
    cookie = await devSignIn(base, staffID, IP);
    const consoleCall = (p: string, init: RequestInit = {}) => fetch(`${base}/api/console${p}`, { ...init, headers: { cookie, origin: base, "cf-connecting-ip": IP, ...(init.headers as Record<string, string>) } });

    const created = await consoleCall("/videos/uploads", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ fileName: "test-source.mp4", bytes: bytes.length }) });
    expect(created.status, await created.clone().text()).toBe(201);
    const upload = ((await created.json()) as { data: { attributes: { id: string; partBytes: number; parts: number } } }).data.attributes;
    for (let n = 1; n <= upload.parts; n++) {
      const part = bytes.subarray((n - 1) * upload.partBytes, n * upload.partBytes);
      const res = await consoleCall(`/videos/uploads/${upload.id}/parts/${n}`, { method: "PUT", body: part });
      expect(res.status, await res.clone().text()).toBe(200);
    }
    const completed = await consoleCall(`/videos/uploads/${upload.id}/complete`, { method: "POST" });
    expect(completed.status, await completed.clone().text()).toBe(201);

    // A catalogue video plays this source.
    const list = (await (await fetch(`${base}/api/content/videos?pageSize=48`)).json()) as { items: { entryId: string }[] };
    const open = list.items[0];
    if (!open) throw new Error("the demo catalogue has no video");
    const signedIn = (url: URL | string, init: RequestInit = {}) => fetch(url, { ...init, headers: { cookie, "cf-connecting-ip": IP, ...(init.headers as Record<string, string>) } });
    const link = await consoleCall(`/videos/catalogue/${open.entryId}/source`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ sourceId: upload.id }) });
    expect(link.status, await link.clone().text()).toBe(200);

    const playback = async () => {
      const gate = await signedIn(`${base}/api/playback`, { method: "POST", headers: { "content-type": "application/json", origin: base }, body: JSON.stringify({ entryId: open.entryId }) });
      expect(gate.status, await gate.clone().text()).toBe(200);
      return new URL(((await gate.json()) as { data: { attributes: { url: string } } }).data.attributes.url, base);
    };
    // Until the transcode is done, the video is processing.
    expect((await signedIn(await playback())).status).toBe(409);

    const started = Date.now();
    const transcoder = spawn(process.execPath, [path.join(root, "scripts", "transcoder.mjs")], {
      env: { ...process.env, WORKER_URL: base, TRANSCODER_TOKEN: devTranscoderToken, TRANSCODER_ONCE: "1", TRANSCODER_NAME: "integration" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    transcoder.stdout.on("data", (d: Buffer) => (log += d.toString()));
    transcoder.stderr.on("data", (d: Buffer) => (log += d.toString()));
    const code = await new Promise<number | null>((resolve) => transcoder.on("close", resolve));
    expect(code, log).toBe(0);
    console.log(`transcode-pipeline: the transcoder ran in ${((Date.now() - started) / 1000).toFixed(1)} s\n${log}`);

    const status = (await (await consoleCall(`/videos/sources/${upload.id}`)).json()) as { data: { attributes: { job: { status: string; progress: number }; media: { durationSeconds: number; renditions: { name: string }[] } } } };
    expect(status.data.attributes.job).toMatchObject({ status: "ready", progress: 100 });
    expect(status.data.attributes.media.durationSeconds).toBeGreaterThan(9.5);
    expect(status.data.attributes.media.durationSeconds).toBeLessThan(10.5);

    const masterUrl = await playback();
    const master = await signedIn(masterUrl);
    expect(master.status).toBe(200);
    const masterText = await master.text();
    const variants = masterText.split("\n").filter((l) => l.startsWith("#EXT-X-STREAM-INF"));
    expect(variants.length).toBeGreaterThanOrEqual(3);
    for (const v of variants) expect(v).toMatch(/BANDWIDTH=\d+.*CODECS="[^"]+"/);
    expect(variants.filter((v) => v.includes("RESOLUTION=")).map((v) => /RESOLUTION=(\d+x\d+)/.exec(v)?.[1])).toEqual(["1280x720", "854x480", "640x360"]);
    expect(variants.some((v) => !v.includes("RESOLUTION") && v.includes('CODECS="mp4a.40.2"'))).toBe(true);

    // The 720p rendition: segments of at most 6 s adding up to ~10 s, each served with its token.
    const uri720 = masterText.split("\n").find((l) => l.startsWith("720p/index.m3u8"));
    const media = await signedIn(new URL(uri720!, masterUrl));
    const mediaText = await media.text();
    const durations = [...mediaText.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]));
    expect(Math.max(...durations)).toBeLessThanOrEqual(6);
    expect(durations.reduce((a, b) => a + b, 0)).toBeCloseTo(10, 0);
    const segmentUri = mediaText.split("\n").find((l) => l.startsWith("seg"));
    const segment = await fetch(new URL(segmentUri!, media.url));
    expect(segment.status).toBe(200);
    expect(segment.headers.get("content-type")).toBe("video/mp4");
    const segmentBytes = new Uint8Array(await segment.arrayBuffer());
    expect(String.fromCharCode(...segmentBytes.subarray(4, 8))).toMatch(/styp|moof/);
    const ranged = await fetch(new URL(segmentUri!, media.url), { headers: { range: "bytes=0-99" } });
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);
    // Without its segment token: refused, no bytes of media.
    const bare = new URL(segmentUri!, media.url);
    bare.searchParams.delete("seg");
    const refused = await fetch(bare);
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-type")).toContain("application/json");

    // Poster and storyboard.
    const token = masterUrl.searchParams.get("token")!;
    const poster = await fetch(`${base}/media/vod/${open.entryId}/poster.jpg?token=${token}`);
    expect(poster.headers.get("content-type")).toBe("image/jpeg");
    expect([...new Uint8Array(await poster.arrayBuffer()).subarray(0, 2)]).toEqual([0xff, 0xd8]);
    const track = await (await fetch(`${base}/media/vod/${open.entryId}/storyboard.vtt?token=${token}`)).text();
    expect(track.startsWith("WEBVTT")).toBe(true);
    const tile = /^(storyboard\.jpg\?token=[^#]+)#xywh=\d+,\d+,160,90$/m.exec(track);
    expect(tile, track.slice(0, 300)).not.toBeNull();
    const sprite = await fetch(`${base}/media/vod/${open.entryId}/${tile![1]}`);
    expect(sprite.headers.get("content-type")).toBe("image/jpeg");
  });
});
