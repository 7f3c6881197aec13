import { describe, expect, it } from "vitest";
import { describeJob, transcoderRunning, TRANSCODER_SILENT_AFTER_MS, type JobFacts } from "../../src/domain/transcode-wait";

const NOW = 1_800_000_000_000;
const job = (over: Partial<JobFacts>): JobFacts => ({ status: "queued", progress: 0, attempts: 0, maxAttempts: 3, failureReason: null, leaseExpiresAt: null, ...over });

describe("transcoderRunning", () => {
  it("is alive until 2 minutes of silence, and never for none", () => {
    expect(transcoderRunning(null, NOW)).toBe(false);
    expect(transcoderRunning(NOW, NOW)).toBe(true);
    expect(transcoderRunning(NOW - TRANSCODER_SILENT_AFTER_MS + 1, NOW)).toBe(true);
    expect(transcoderRunning(NOW - TRANSCODER_SILENT_AFTER_MS, NOW)).toBe(false);
  });
});

describe("describeJob", () => {
  it("a queued job says it waits for a transcoder, or that none runs", () => {
    expect(describeJob(job({}), true, NOW)).toEqual({ state: "waiting", retry: false, text: "Queued: waiting for a transcoder" });
    expect(describeJob(job({}), false, NOW).text).toBe("Queued: no transcoder is running, so it waits until one starts");
  });

  it("a job queued again after a failure says which attempt comes and why", () => {
    expect(describeJob(job({ attempts: 1, failureReason: "network down" }), true, NOW)).toEqual({
      state: "waiting",
      retry: true,
      text: "Queued to try again (attempt 2 of 3) after: network down; waiting for a transcoder",
    });
  });

  it("a transcoding job shows its percentage while its lease holds, and its attempt after the first", () => {
    expect(describeJob(job({ status: "transcoding", attempts: 1, progress: 42.7, leaseExpiresAt: NOW + 1 }), true, NOW)).toEqual({ state: "transcoding", text: "Transcoding 42%" });
    expect(describeJob(job({ status: "transcoding", attempts: 2, progress: 5, leaseExpiresAt: NOW + 1 }), true, NOW).text).toBe("Transcoding 5% (attempt 2 of 3)");
  });

  it("a transcoding job whose lease ran out waits to be retried, not stuck; on its last attempt it has failed", () => {
    expect(describeJob(job({ status: "transcoding", attempts: 1, progress: 43, leaseExpiresAt: NOW }), false, NOW)).toEqual({
      state: "waiting",
      retry: true,
      text: "Queued to try again (attempt 2 of 3) after: the transcoder stopped answering; no transcoder is running, so it waits until one starts",
    });
    expect(describeJob(job({ status: "transcoding", attempts: 3, leaseExpiresAt: NOW - 5 }), true, NOW)).toEqual({ state: "failed", text: "Failed: the transcoder stopped answering on the last attempt" });
  });

  it("ready and failed are settled, a failure with its reason", () => {
    expect(describeJob(job({ status: "ready", progress: 100 }), false, NOW).state).toBe("ready");
    expect(describeJob(job({ status: "failed", failureReason: "ffprobe cannot read the source" }), true, NOW).text).toBe("Failed: ffprobe cannot read the source");
    expect(describeJob(job({ status: "failed" }), true, NOW).text).toBe("Failed: the file could not be transcoded");
  });
});
