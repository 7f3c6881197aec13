import { describe, expect, it } from "vitest";
import { DEFAULT_SILENCE_MINUTES, hourOf, silenceLimit, webhookHours, webhookSilence, webhookTotals, windowStart } from "../../src/domain/webhook-health";

const NOW = Date.parse("2031-03-10T12:30:00Z");

describe("webhook health rules", () => {
  it("lays out 48 hours, oldest first, ending with the current one; groups outside or unknown are left out", () => {
    expect(hourOf(NOW)).toBe("2031-03-10T12:00:00Z");
    expect(new Date(windowStart(NOW)).toISOString()).toBe("2031-03-08T13:00:00.000Z");
    const hours = webhookHours(
      [
        { hour: "2031-03-10T12:00:00Z", outcome: "applied", deliveries: 2, lagged: 2, lagSum: 10, lagMax: 7 },
        { hour: "2031-03-10T12:00:00Z", outcome: "ignored", deliveries: 1, lagged: 1, lagSum: 2, lagMax: 2 },
        { hour: "2031-03-10T12:00:00Z", outcome: "processing", deliveries: 5, lagged: 0, lagSum: 0, lagMax: null },
        { hour: "2031-03-08T12:00:00Z", outcome: "failed", deliveries: 1, lagged: 0, lagSum: 0, lagMax: null },
      ],
      NOW,
    );
    expect(hours).toHaveLength(48);
    expect(hours.at(-1)).toEqual({ hour: "2031-03-10T12:00:00Z", applied: 2, duplicate: 0, ignored: 1, failed: 0, lagAverageSeconds: 4, lagMaxSeconds: 7 });
    expect(hours.reduce((n, h) => n + h.failed, 0)).toBe(0);
  });

  it("totals weigh the lag by deliveries", () => {
    const groups = [
      { hour: "2031-03-10T12:00:00Z", outcome: "applied", deliveries: 1, lagged: 1, lagSum: 100, lagMax: 100 },
      { hour: "2031-03-10T11:00:00Z", outcome: "applied", deliveries: 3, lagged: 3, lagSum: 6, lagMax: 3 },
    ];
    expect(webhookTotals(groups, webhookHours(groups, NOW))).toEqual({ applied: 4, duplicate: 0, ignored: 0, failed: 0, lagAverageSeconds: 26.5, lagMaxSeconds: 100 });
  });

  it("the silence limit: a whole number of minutes from 1, else the default", () => {
    expect(silenceLimit("15")).toBe(15);
    for (const bad of [null, undefined, "", "0", "-3", "1.5", "soon"]) expect(silenceLimit(bad)).toBe(DEFAULT_SILENCE_MINUTES);
  });

  it("warns after more than the limit, and when nothing ever came", () => {
    expect(webhookSilence("2031-03-10T11:30:00Z", NOW, 60)).toEqual({ limitMinutes: 60, minutesSinceLast: 60, warning: false });
    expect(webhookSilence("2031-03-10T11:29:00Z", NOW, 60)).toEqual({ limitMinutes: 60, minutesSinceLast: 61, warning: true });
    expect(webhookSilence(null, NOW, 60)).toEqual({ limitMinutes: 60, minutesSinceLast: null, warning: true });
  });
});
