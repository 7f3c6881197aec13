import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { roleAccount } from "./staff-accounts";
import { emptyQueue, queuedJob, transcoder } from "./video-pipeline-fixtures";
import { TRANSCODE_MAX_ATTEMPTS } from "../../src/domain/video-media-state";

/**
 * Why an upload waits: transcoders check in on every claim and heartbeat, and the console says
 * whether any is alive; a failed job is tried again by staff (the same source) or refused with a code.
 */

type Job = { status: string; attempts: number; maxAttempts: number; failureReason: string | null; leaseExpiresAt: number | null };
type SourceAnswer = { data: { attributes: { job: Job; transcoderRunning: boolean } } };
const errorCode = async (res: Response) => ((await res.json()) as { errors: { code: string }[] }).errors[0]?.code;
const editor = () => roleAccount("wait-editor", ["editor"]);
const report = { version: "0.1.0", ffmpeg: "ffmpeg version 5.1.6", jobsRunning: 0 };
const transcoderRow = (name: string) =>
  env.DB.prepare("SELECT * FROM transcoders WHERE name = ?1").bind(name).first<{ version: string; ffmpeg: string; jobs_running: number; last_seen_at: number }>();

beforeEach(async () => {
  await emptyQueue();
  await env.DB.prepare("DELETE FROM transcoders").run();
});

describe("transcoders checking in", () => {
  it("records each claim, even one that finds no job, with the transcoder's version, ffmpeg and jobs", async () => {
    const res = await transcoder().post("/claim", { transcoder: "box-1", report });
    expect(res.status).toBe(204);
    const row = await transcoderRow("box-1");
    expect(row).toMatchObject({ version: "0.1.0", ffmpeg: "ffmpeg version 5.1.6", jobs_running: 0 });
    expect(row!.last_seen_at).toBeGreaterThan(Date.now() - 10_000);
  });

  it("refuses a malformed report with 400 and records nothing", async () => {
    const res = await transcoder().post("/claim", { transcoder: "box-2", report: { ...report, jobsRunning: -1 } });
    expect(res.status).toBe(400);
    expect(await transcoderRow("box-2")).toBeNull();
  });

  it("a heartbeat keeps a busy transcoder alive, with the jobs it runs", async () => {
    await queuedJob();
    const claimed = ((await (await transcoder().post("/claim", { transcoder: "box-3", report })).json()) as { data: { job: { id: string }; leaseId: string } }).data;
    await env.DB.prepare("UPDATE transcoders SET last_seen_at = 1 WHERE name = 'box-3'").run();
    const beat = await transcoder().post(`/jobs/${claimed.job.id}/heartbeat`, { leaseId: claimed.leaseId, progress: 40, transcoder: "box-3", report: { ...report, jobsRunning: 1 } });
    expect(beat.status).toBe(200);
    expect(await transcoderRow("box-3")).toMatchObject({ jobs_running: 1 });
    expect((await transcoderRow("box-3"))!.last_seen_at).toBeGreaterThan(Date.now() - 10_000);
  });

  it("the console says no transcoder runs when none checked in for 2 minutes, and one does after a claim", async () => {
    const { sourceId } = await queuedJob();
    const { b } = await editor();
    const running = async () => ((await (await b.fetch(`/api/console/videos/sources/${sourceId}`)).json()) as SourceAnswer).data.attributes.transcoderRunning;
    expect(await running()).toBe(false);
    await env.DB.prepare("INSERT INTO transcoders (name, version, ffmpeg, jobs_running, last_seen_at) VALUES ('old', 'x', 'y', 0, ?1)").bind(Date.now() - 121_000).run();
    expect(await running()).toBe(false);
    await env.DB.prepare("UPDATE transcoders SET last_seen_at = ?1").bind(Date.now() - 110_000).run();
    expect(await running()).toBe(true);
    const page = await b.fetch("/admin/videos");
    expect(await page.text()).not.toContain("No transcoder is running");
    await env.DB.prepare("DELETE FROM transcoders").run();
    expect(await (await b.fetch("/admin/videos")).text()).toContain("No transcoder is running: uploads wait in the queue until one starts.");
  });
});

describe("the video's console page", () => {
  it("renders the publish form's fields, the chapters editor and the captions editor, each field labelled", async () => {
    const entry = (await env.DB.prepare("SELECT entry_id FROM videos ORDER BY id LIMIT 1").first<{ entry_id: string }>())!.entry_id;
    const { b } = await editor();
    const res = await b.fetch(`/admin/videos/${entry}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const id of ["video-title", "video-description", "video-category", "video-team", "video-publish-at", "video-expires-at", "captions-file", "captions-language", "captions-label"]) {
      expect(html, id).toMatch(new RegExp(`<label for="${id}" class="cfield__label">[^<]+</label><(input|select|textarea) id="${id}"`));
    }
    expect(html).toContain("Chapters (optional)");
    expect(html).toContain("Add a chapter");
  });
});

describe("trying a failed job again", () => {
  async function failedJob() {
    const job = await queuedJob();
    await env.DB.prepare("UPDATE transcode_jobs SET status = 'failed', attempts = 3, failure_reason = 'ffprobe cannot read the source', finished_at = '2026-01-01T00:00:00.000Z' WHERE id = ?1")
      .bind(job.jobId)
      .run();
    return job;
  }
  const retry = (b: { fetch(path: string, init?: RequestInit): Promise<Response> }, sourceId: string) => b.fetch(`/api/console/videos/sources/${sourceId}/retry`, { method: "POST" });

  it("queues the same source as a new attempt, audited with the job before and after; a transcoder claims it", async () => {
    const { sourceId, jobId, prefix } = await failedJob();
    const { b } = await editor();
    const res = await retry(b, sourceId);
    expect(res.status, await res.clone().text()).toBe(200);
    const job = ((await res.json()) as { data: { attributes: { job: Job } } }).data.attributes.job;
    expect(job).toMatchObject({ status: "queued", attempts: 3, maxAttempts: 3 + TRANSCODE_MAX_ATTEMPTS, failureReason: "ffprobe cannot read the source" });
    const audit = await env.DB.prepare("SELECT status, detail FROM admin_audit_log WHERE action = 'video.transcode-retry' AND target = ?1").bind(`video-source:${sourceId}`).first<{ status: number; detail: string }>();
    expect(audit?.status).toBe(200);
    expect(JSON.parse(audit!.detail)).toMatchObject({ before: { status: "failed", attempts: 3 }, after: { status: "queued", maxAttempts: 6 } });
    const claim = await transcoder().post("/claim", { transcoder: "t", report });
    expect(claim.status).toBe(200);
    expect(((await claim.json()) as { data: { job: { id: string; attempts: number }; outputPrefix: string } }).data).toMatchObject({ job: { id: jobId, attempts: 4 }, outputPrefix: prefix });
  });

  it("refuses a job that has not failed (a second click) with 409 JOB_NOT_FAILED", async () => {
    const { sourceId } = await failedJob();
    const { b } = await editor();
    const [first, second] = await Promise.all([retry(b, sourceId), retry(b, sourceId)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect(await errorCode(first.status === 409 ? first : second)).toBe("JOB_NOT_FAILED");
    const { maxAttempts } = (await env.DB.prepare("SELECT max_attempts AS maxAttempts FROM transcode_jobs WHERE source_id = ?1").bind(sourceId).first<{ maxAttempts: number }>())!;
    expect(maxAttempts).toBe(6);
  });

  it("says so with 409 SOURCE_GONE when the source is no longer stored, and leaves the job failed", async () => {
    const { sourceId } = await failedJob();
    await env.MEDIA.delete(`sources/${sourceId}`);
    const { b } = await editor();
    const res = await retry(b, sourceId);
    expect(res.status).toBe(409);
    expect(await errorCode(res)).toBe("SOURCE_GONE");
    expect((await env.DB.prepare("SELECT status FROM transcode_jobs WHERE source_id = ?1").bind(sourceId).first<{ status: string }>())?.status).toBe("failed");
  });

  it("is 404 for an unknown source and 403 without video.manage", async () => {
    const { sourceId } = await failedJob();
    const { b } = await editor();
    expect((await retry(b, crypto.randomUUID())).status).toBe(404);
    expect((await retry(b, "not-a-uuid")).status).toBe(404);
    const { b: support } = await roleAccount("wait-support", ["support"]);
    expect((await retry(support, sourceId)).status).toBe(403);
  });

  it("shows a job whose transcoder stopped answering as waiting for its next attempt", async () => {
    const { sourceId, jobId } = await queuedJob();
    await transcoder().post("/claim", { transcoder: "dies", report });
    await env.DB.prepare("UPDATE transcode_jobs SET lease_expires_at = ?2, progress = 43 WHERE id = ?1").bind(jobId, Date.now() - 1).run();
    const { b } = await editor();
    const job = ((await (await b.fetch(`/api/console/videos/sources/${sourceId}`)).json()) as SourceAnswer).data.attributes.job;
    expect(job.status).toBe("transcoding");
    expect(job.leaseExpiresAt).toBeLessThan(Date.now());
  });
});
