import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LOADING_DELAY_MS, showLoaderAfterDelay } from "../../src/domain/loading-delay";

describe("the fetch helper's loading delay (spec §9)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is 200 ms", () => {
    expect(LOADING_DELAY_MS).toBe(200);
  });

  it("shows no loader for a fetch that ends within 200 ms", () => {
    const show = vi.fn();
    const fetchEnded = showLoaderAfterDelay(show);
    vi.advanceTimersByTime(199);
    fetchEnded();
    vi.advanceTimersByTime(1000);
    expect(show).not.toHaveBeenCalled();
  });

  it("shows the loader once, at 200 ms, for a slower fetch", () => {
    const show = vi.fn();
    const fetchEnded = showLoaderAfterDelay(show);
    vi.advanceTimersByTime(199);
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    fetchEnded();
    expect(show).toHaveBeenCalledTimes(1);
  });
});
