import { describe, expect, it } from "vitest";
import { isSiteLockExempt } from "../../src/domain/site-lock";

describe("site lock: what stays reachable", () => {
  it.each([
    ["/streamer", "GET", true],
    ["/streamer/packages", "GET", true],
    ["/sso/login", "GET", true],
    ["/auth/callback", "GET", true],
    ["/webhooks/stripe", "POST", true],
    // the club's admin API (bearer token): how the club turns the lock off again
    ["/api/admin/settings/siteLock.enabled", "PUT", true],
    // the media services' APIs (their own bearer tokens): a locked site still transcodes and ingests
    ["/api/transcoder/claim", "POST", true],
    ["/api/ingest/events", "GET", true],
    ["/build/entry-ABC.js", "GET", true],
    ["/images/200x120/crest-rovers.svg", "GET", true],
    ["/crest.svg", "GET", true],
    ["/site-lock.js", "GET", true],
    ["/site-lock", "POST", true],
    // the form's address is not a way round the lock for anything but its post
    ["/site-lock", "GET", false],
    ["/", "GET", false],
    ["/news", "GET", false],
    ["/streamers", "GET", false],
    ["/authx", "GET", false],
    ["/api/content/shell", "GET", false],
    ["/api/administrator", "GET", false],
    ["/api/ingestion", "GET", false],
    ["/api/console/live-now", "GET", false],
    ["/api/session", "GET", false],
    ["/media/entry/index.m3u8", "GET", false],
    ["/ws/streams", "GET", false],
    ["/dev-payments/checkout", "GET", false],
    ["/news.txt", "GET", false],
  ] as const)("%s %s → exempt %s", (path, method, exempt) => {
    expect(isSiteLockExempt(path, method)).toBe(exempt);
  });
});
