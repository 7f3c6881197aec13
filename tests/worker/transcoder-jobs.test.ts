import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { browser } from "./auth-test-app";
import { emptyQueue, ladderFiles, mp4Bytes, queuedJob, RENDITIONS, transcoder, TRANSCODER_TOKEN } from "./video-pipeline-fixtures";
import { EXPIRED_LAST_ATTEMPT } from "../../worker/video-pipeline/jobs";

/** The transcoders' job API (/api/transcoder): its credential, claims and leases, outputs, completion once. */

type Claim = { job: { id: string; attempts: number; status: string }; leaseId: string; leaseExpiresAt: number; outputPrefix: string; source: { bytes: number } };
const errorCode = async (res: Response) => ((await res.json()) as { errors: { code: string }[] }).errors[0]?.code;
const jobRow = (id: string) => env.DB.prepare("SELECT * FROM transcode_jobs WHERE id = ?1").bind(id).first<{ status: string; attempts: number; progress: number; lease_id: string | null; lease_expires_at: number | null; failure_reason: string | null }>();
const expireLease = (id: string) => env.DB.prepare("UPDATE transcode_jobs SET lease_expires_at = ?2 WHERE id = ?1").bind(id, Date.now() - 1).run();

async function claim(t = transcoder(), name = "t1"): Promise<Claim | null> {
  const res = await t.post("/claim", { transcoder: name });
  if (res.status === 204) return null;
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: Claim }).data;
}

async function uploadLadder(t: ReturnType<typeof transcoder>, c: Claim, skip: string[] = []) {
  for (const [name, type, body] of ladderFiles()) {
    if (skip.includes(name)) continue;
    const res = await t.call(`/jobs/${c.job.id}/outputs/${name}`, { method: "PUT", headers: { "x-lease-id": c.leaseId, "content-type": type }, body });
    expect(res.status, `${name}: ${await res.clone().text()}`).toBe(201);
  }
}
const completion = (c: Claim) => ({ leaseId: c.leaseId, durationSeconds: 8.02, renditions: RENDITIONS });

beforeEach(emptyQueue);

describe("the credential", () => {
  it("refuses a missing, wrong or differently spelt token with 401, and the API does not exist without the secret", async () => {
    await queuedJob();
    for (const token of [null, "", "wrong-token-of-enough-length-0123456789", `${TRANSCODER_TOKEN}x`, TRANSCODER_TOKEN.slice(0, -1)]) {
      const res = await transcoder(token).post("/claim", {});
      expect(res.status, String(token)).toBe(401);
      expect(await errorCode(res)).toBe("UNAUTHORIZED");
    }
    const lower = await browser({ TRANSCODER_TOKEN }).fetch("/api/transcoder/claim", { method: "POST", headers: { authorization: `bearer ${TRANSCODER_TOKEN}` }, body: "{}" });
    expect(lower.status).toBe(401);
    // nothing was claimed by the refused calls
    expect((await env.DB.prepare("SELECT status FROM transcode_jobs").first<{ status: string }>())?.status).toBe("queued");
    const unconfigured = await browser().fetch("/api/transcoder/claim", { method: "POST", headers: { authorization: `Bearer ${TRANSCODER_TOKEN}` }, body: "{}" });
    expect(unconfigured.status).toBe(404);
    const short = await browser({ TRANSCODER_TOKEN: "too-short" }).fetch("/api/transcoder/claim", { method: "POST", headers: { authorization: "Bearer too-short" }, body: "{}" });
    expect(short.status).toBe(404);
  });
});

describe("claims and leases", () => {
  it("claims the oldest queued job once: a second claim finds nothing while the lease holds", async () => {
    const older = await queuedJob(mp4Bytes(2048), "2026-01-01T00:00:00.000Z");
    await queuedJob(mp4Bytes(2048), "2026-06-01T00:00:00.000Z");
    const first = await claim();
    expect(first?.job.id).toBe(older.jobId);
    expect(first).toMatchObject({ job: { attempts: 1, status: "transcoding" }, outputPrefix: older.prefix, source: { bytes: 2048 } });
    expect(first!.leaseExpiresAt).toBeGreaterThan(Date.now() + 50_000);
    const second = await claim();
    expect(second?.job.id).not.toBe(older.jobId);
    expect(await claim()).toBeNull();
  });

  it("never gives one job to two transcoders claiming at once", async () => {
    const jobs = await Promise.all([queuedJob(), queuedJob(), queuedJob()]);
    const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => claim(transcoder(), `t${i}`)));
    const got = claims.filter((c): c is Claim => c !== null).map((c) => c.job.id);
    expect(got).toHaveLength(3);
    expect(new Set(got)).toEqual(new Set(jobs.map((j) => j.jobId)));
    expect(new Set(claims.filter(Boolean).map((c) => c!.leaseId)).size).toBe(3);
  });

  it("gives a job whose lease ran out to another transcoder, counting the attempt; the stale holder gets 409 everywhere", async () => {
    const { jobId } = await queuedJob();
    const stale = (await claim(transcoder(), "crashed"))!;
    await expireLease(jobId);
    const fresh = (await claim(transcoder(), "second"))!;
    expect(fresh.job).toMatchObject({ id: jobId, attempts: 2 });
    expect(fresh.leaseId).not.toBe(stale.leaseId);
    const t = transcoder();
    const beat = await t.post(`/jobs/${jobId}/heartbeat`, { leaseId: stale.leaseId, progress: 50 });
    expect(beat.status).toBe(409);
    expect(await errorCode(beat)).toBe("LEASE_LOST");
    const put = await t.call(`/jobs/${jobId}/outputs/poster.jpg`, { method: "PUT", headers: { "x-lease-id": stale.leaseId, "content-type": "image/jpeg" }, body: new Uint8Array([0xff, 0xd8]) });
    expect(put.status).toBe(409);
    expect((await t.call(`/jobs/${jobId}/source`, { headers: { "x-lease-id": stale.leaseId } })).status).toBe(409);
    await uploadLadder(t, fresh);
    expect((await t.post(`/jobs/${jobId}/complete`, completion(stale))).status).toBe(409);
    expect((await t.post(`/jobs/${jobId}/fail`, { leaseId: stale.leaseId, reason: "late" })).status).toBe(409);
    expect(await jobRow(jobId)).toMatchObject({ status: "transcoding", lease_id: fresh.leaseId });
    expect((await t.post(`/jobs/${jobId}/complete`, completion(fresh))).status).toBe(200);
  });

  it("fails a job whose lease ran out on its last attempt instead of handing it out again", async () => {
    const { jobId } = await queuedJob();
    await claim();
    await expireLease(jobId);
    await claim();
    await expireLease(jobId);
    const third = await claim();
    expect(third?.job.attempts).toBe(3);
    await expireLease(jobId);
    expect(await claim()).toBeNull();
    expect(await jobRow(jobId)).toMatchObject({ status: "failed", attempts: 3, failure_reason: EXPIRED_LAST_ATTEMPT, lease_id: null });
  });

  it("a heartbeat records the progress and extends the lease; bad progress is 400", async () => {
    const { jobId } = await queuedJob();
    const c = (await claim())!;
    await env.DB.prepare("UPDATE transcode_jobs SET lease_expires_at = ?2 WHERE id = ?1").bind(jobId, Date.now() + 5_000).run();
    const t = transcoder();
    const res = await t.post(`/jobs/${jobId}/heartbeat`, { leaseId: c.leaseId, progress: 42.5 });
    expect(res.status).toBe(200);
    const row = await jobRow(jobId);
    expect(row?.progress).toBe(42.5);
    expect(row!.lease_expires_at!).toBeGreaterThan(Date.now() + 50_000);
    for (const progress of [-1, 101, "50"]) expect((await t.post(`/jobs/${jobId}/heartbeat`, { leaseId: c.leaseId, progress })).status).toBe(400);
    expect((await t.post(`/jobs/${crypto.randomUUID()}/heartbeat`, { leaseId: c.leaseId, progress: 1 })).status).toBe(404);
    expect((await t.post(`/jobs/not-a-job/heartbeat`, { leaseId: c.leaseId, progress: 1 })).status).toBe(404);
  });
});

describe("the source, outputs and completion", () => {
  it("streams the source to its lease holder, with Range (206) and 416 outside it", async () => {
    const bytes = mp4Bytes(5000);
    const { jobId } = await queuedJob(bytes);
    const c = (await claim())!;
    const t = transcoder();
    const whole = await t.call(`/jobs/${jobId}/source`, { headers: { "x-lease-id": c.leaseId } });
    expect(whole.status).toBe(200);
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes);
    const part = await t.call(`/jobs/${jobId}/source`, { headers: { "x-lease-id": c.leaseId, range: "bytes=1000-1999" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 1000-1999/5000");
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.subarray(1000, 2000));
    const beyond = await t.call(`/jobs/${jobId}/source`, { headers: { "x-lease-id": c.leaseId, range: "bytes=5000-" } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe("bytes */5000");
    expect((await t.call(`/jobs/${jobId}/source`)).status).toBe(400);
  });

  it("takes only the ladder's file names, each with its own type", async () => {
    const { jobId, prefix } = await queuedJob();
    const c = (await claim())!;
    const t = transcoder();
    const put = (name: string, type: string) => t.call(`/jobs/${jobId}/outputs/${name}`, { method: "PUT", headers: { "x-lease-id": c.leaseId, "content-type": type }, body: "x" });
    for (const name of ["../sources/x", "index.html", "720p/../../x.m3u8", "2160p/index.m3u8", "720p/seg1.ts", "poster.png"]) {
      const res = await put(name, "video/mp4");
      expect([400, 404], name).toContain(res.status);
    }
    const wrongType = await put("poster.jpg", "text/html");
    expect(wrongType.status).toBe(415);
    expect(await errorCode(wrongType)).toBe("OUTPUT_TYPE");
    expect((await env.MEDIA.list({ prefix })).objects).toHaveLength(0);
    expect((await put("720p/seg3.m4s", "video/mp4")).status).toBe(201);
    expect((await env.MEDIA.head(`${prefix}720p/seg3.m4s`))?.httpMetadata?.contentType).toBe("video/mp4");
  });

  it("completes only when the master and everything it lists are there, and applies a repeated completion once", async () => {
    const { jobId, sourceId, prefix } = await queuedJob();
    const c = (await claim())!;
    const t = transcoder();
    await uploadLadder(t, c, ["audio/index.m3u8"]);
    const incomplete = await t.post(`/jobs/${jobId}/complete`, completion(c));
    expect(incomplete.status).toBe(422);
    expect(await errorCode(incomplete)).toBe("OUTPUTS_INCOMPLETE");
    // a rendition reported but not in the master
    const extra = await t.post(`/jobs/${jobId}/complete`, { ...completion(c), renditions: [...RENDITIONS, { name: "360p", width: 640, height: 360, bandwidth: 900_000, codecs: "avc1.4d401e,mp4a.40.2" }] });
    expect(extra.status).toBe(422);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM video_media").first<{ n: number }>()).toEqual({ n: 0 });

    await uploadLadder(t, c);
    const results = await Promise.all([t.post(`/jobs/${jobId}/complete`, completion(c)), t.post(`/jobs/${jobId}/complete`, completion(c))]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const applied = await Promise.all(results.map(async (r) => ((await r.json()) as { data: { applied: boolean } }).data.applied));
    expect(applied.filter(Boolean)).toHaveLength(1);
    const again = await t.post(`/jobs/${jobId}/complete`, completion(c));
    expect(((await again.json()) as { data: { applied: boolean } }).data.applied).toBe(false);
    const media = await env.DB.prepare("SELECT * FROM video_media WHERE source_id = ?1").bind(sourceId).all<{ prefix: string; duration_seconds: number; width: number; height: number }>();
    expect(media.results).toHaveLength(1);
    expect(media.results[0]).toMatchObject({ prefix, duration_seconds: 8.02, width: 1280, height: 720 });
    expect(await jobRow(jobId)).toMatchObject({ status: "ready", progress: 100 });
    // a ready job is never claimed again
    expect(await claim()).toBeNull();
  });

  it("fails with a reason: for good, or queued again while attempts remain when asked to retry", async () => {
    const a = await queuedJob();
    const ca = (await claim())!;
    const t = transcoder();
    expect((await t.post(`/jobs/${a.jobId}/fail`, { leaseId: ca.leaseId, reason: "" })).status).toBe(400);
    expect((await t.post(`/jobs/${a.jobId}/fail`, { leaseId: ca.leaseId, reason: "ffprobe cannot read the source" })).status).toBe(200);
    expect(await jobRow(a.jobId)).toMatchObject({ status: "failed", failure_reason: "ffprobe cannot read the source", lease_id: null });
    const b = await queuedJob();
    const cb = (await claim())!;
    await t.post(`/jobs/${b.jobId}/fail`, { leaseId: cb.leaseId, reason: "The transcoder was stopped", retry: true });
    expect(await jobRow(b.jobId)).toMatchObject({ status: "queued", attempts: 1 });
    expect((await claim())?.job).toMatchObject({ id: b.jobId, attempts: 2 });
  });
});
