import { describe, expect, it } from "vitest";
import * as t from "../../src/domain/timings";

describe("timings and limits (spec §2, §4, §9)", () => {
  it("match the spec", () => {
    expect(t.ACCOUNT_NOTIFICATION_MS).toBe(4000);
    expect(t.ERROR_COUNTDOWN_SECONDS).toBe(30);
    expect(t.STREAM_PING_MS).toBe(30_000);
    expect(t.ADVERT_REENABLE_MS).toBe(2000);
    expect(t.LOGOUT_CLOSE_MS).toBe(600);
    expect(t.AUDIO_VOLUME_RAMP_MS).toBe(500);
    expect(t.AUDIO_PLAYER_SHOW_MS).toBe(100);
    expect(t.AUDIO_PLAYER_READY_MS).toBe(400);
    expect(t.SITE_LOCK_COOKIE_DAYS).toBe(60);
    expect(t.LOADING_DELAY_MS).toBe(200);
    expect([t.SCROLL_TO_HASH_DELAY_MS, t.SCROLL_TO_HASH_DURATION_MS, t.SCROLL_TO_HASH_OFFSET]).toEqual([1000, 1000, -130]);
    expect([t.STREAMER_SCROLL_OFFSET, t.STREAMER_SCROLL_DURATION_MS]).toEqual([-80, 400]);
    expect([t.HEADER_HEIGHT, t.STICKY_THRESHOLD]).toEqual([90, 300]);
    expect([t.SIDEBAR_PAGE_SIZE, t.SIDEBAR_PAGE_INDEX, t.NEWS_SEARCH_PAGE_SIZE, t.VIDEO_SEARCH_PAGE_SIZE]).toEqual([10, 0, 8, 12]);
    expect([t.PAGINATION_WINDOW, t.RELATED_NEWS_COUNT, t.FOOTER_ADVERT_SLOTS, t.STREAMER_PLAYLIST_AMOUNT]).toEqual([5, 4, 3, 10]);
    expect(t.SIDEBAR_TITLE_LIMIT).toBe(48);
    expect(t.PLAYER_BACK_BUFFER_LENGTH).toBe(8);
    expect(t.AUDIO_LOOP_SECONDS).toBe(60);
    expect(t.CHECKOUT_QUANTITY).toBe(1);
    expect([t.ACCOUNT_PANEL_WIDTH_PX, t.SEARCH_PANEL_WIDTH_PX]).toEqual([320, 400]);
  });
});
