/**
 * Timings and limits of spec §2, §4 and §9 as named constants, so every component, hook and
 * worker route reads the same number (and a change to the spec is a one-line change here).
 */

// §9 'Timings'
/** The account notification closes itself after 4 s. */
export const ACCOUNT_NOTIFICATION_MS = 4000;
/** The error notification counts down from 30 s and closes at 0. */
export const ERROR_COUNTDOWN_SECONDS = 30;
/** Concurrency websocket: action 'ping' every 30 s. */
export const STREAM_PING_MS = 30_000;
/** Advert slots are re-enabled 2000 ms after a route change. */
export const ADVERT_REENABLE_MS = 2000;
/** After logout the account box closes after 600 ms. */
export const LOGOUT_CLOSE_MS = 600;
/** Audio: play starts, then the volume rises to full after 500 ms. */
export const AUDIO_VOLUME_RAMP_MS = 500;
/** Audio: the player appears 100 ms after the session, the ready flag after 400 ms. */
export const AUDIO_PLAYER_SHOW_MS = 100;
export const AUDIO_PLAYER_READY_MS = 400;
/** Site lock: cookie allow_entry lives 60 days. */
export const SITE_LOCK_COOKIE_DAYS = 60;
export const SITE_LOCK_COOKIE_NAME = "allow_entry";
/** The promo-seen cookie lasts until 2099. */
export const PROMO_SEEN_COOKIE_EXPIRES = new Date(Date.UTC(2099, 11, 31, 23, 59, 59));
/** The fetch helper shows its loader only after 200 ms. */
export const LOADING_DELAY_MS = 200;
/** Packages widget: the carousel starts 100 ms after mount. */
export const CAROUSEL_START_DELAY_MS = 100;

// §2 'Route behaviour'
/** A hash in a route scrolls to its anchor after 1000 ms, over 1000 ms, offset -130. */
export const SCROLL_TO_HASH_DELAY_MS = 1000;
export const SCROLL_TO_HASH_DURATION_MS = 1000;
export const SCROLL_TO_HASH_OFFSET = -130;
/** Route changes show a progress bar: 200 ms throttle, 5000 ms duration. */
export const ROUTE_PROGRESS_THROTTLE_MS = 200;
export const ROUTE_PROGRESS_DURATION_MS = 5000;

// §2 'Header'
export const HEADER_HEIGHT = 90;
export const STICKY_THRESHOLD = 300;
/** The sticky header copy appears when the trigger leaves view, with a 300 px margin. */
export const STICKY_TRIGGER_MARGIN_PX = 300;
/** Streamer layout: header links scroll to sections with offset -80 over 400 ms. */
export const STREAMER_SCROLL_OFFSET = -80;
export const STREAMER_SCROLL_DURATION_MS = 400;

// §9 'Page sizes'
export const SIDEBAR_PAGE_SIZE = 10;
export const SIDEBAR_PAGE_INDEX = 0;
export const NEWS_SEARCH_PAGE_SIZE = 8;
export const VIDEO_SEARCH_PAGE_SIZE = 12;
export const PAGINATION_WINDOW = 5;
export const RELATED_NEWS_COUNT = 4;
export const FOOTER_ADVERT_SLOTS = 3;
/** Streamer layout: Replays playlist amount. */
export const STREAMER_PLAYLIST_AMOUNT = 10;

// §9 limits
export const SIDEBAR_TITLE_LIMIT = 48;
export const PLAYER_BACK_BUFFER_LENGTH = 8;
/** Live audio loops over 60 s of segments. */
export const AUDIO_LOOP_SECONDS = 60;
export const CHECKOUT_QUANTITY = 1;

// §9 panel widths (px)
export const ACCOUNT_PANEL_WIDTH_PX = 320;
export const SEARCH_PANEL_WIDTH_PX = 400;
export const FOOTER_SPONSORS_MAX_WIDTH_PX = 1440;
export const BREAKPOINTS_PX = [375, 450, 640, 700, 760, 1024, 1200, 1440] as const;

// §7 image sizes
export const ADVERT_IMAGE_SIZE = 750;
export const PROMO_IMAGE_SIZE = 1400;
export const VIDEO_THUMBNAIL_WIDTH = 200;

/**
 * A live token lives minutes, like an on-demand one: the player renews it while its
 * stream session lives (POST /api/session/renew, which re-applies the live access rule and reads
 * the released list), so a token outlives its session, or the viewer's right, by at most one
 * renewal. A live token that claims a longer life (live tokens once lived 6 h) is refused.
 */
export const LIVE_TOKEN_TTL_SECONDS = 5 * 60;

/**
 * How long past its 5 minutes a media token is still read where the request re-proves the whole
 * right from D1 anyway: a live media playlist (a native HLS player, Safari's, reloads it with the
 * URL it was first given and has no hook to put a renewed token in it), and an on-demand segment
 * whose segment token has run out (a native player loads an on-demand playlist once). Those
 * requests re-issue fresh tokens; the bound after a lost right stays the segment token's
 * (worker/media/segment-token.ts). A viewing longer than this starts again from the page.
 */
export const MEDIA_TOKEN_GRACE_SECONDS = 4 * 60 * 60;

/**
 * A media file's segment token lives 3 target durations of its playlist, and never less than this
 * (worker/media/segment-token.ts), so a player that has a hook can count on this long from the
 * moment it asked for the playlist, whatever its own clock says.
 */
export const SEGMENT_TOKEN_MIN_SECONDS = 12;
