import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openStreamSocket } from "../../client/player/live-session";
import { CLOSE_RELEASED, GREETING_OK, RECONNECT_WINDOW_MS } from "../../src/domain/stream-socket";

/** A stand-in for the browser's WebSocket: records what was opened and sent, and lets a test close it. */
class FakeSocket extends EventTarget {
  static opened: FakeSocket[] = [];
  readonly sent: string[] = [];
  readonly url: string;
  constructor(url: string | URL) {
    super();
    this.url = String(url);
    FakeSocket.opened.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.dispatchEvent(Object.assign(new Event("close"), { code }));
  }
  open() {
    this.dispatchEvent(new Event("open"));
  }
  greet() {
    this.dispatchEvent(Object.assign(new Event("message"), { data: GREETING_OK }));
  }
}

let tokens = 0;
const newestToken = () => `token-${tokens}`;

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.opened = [];
  tokens = 1;
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.stubGlobal("window", { location: { href: "https://rovers.test/live/video/x" } });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the live player's concurrency socket", () => {
  it("greets, then reopens a dropped socket with the newest token while the stream plays on", () => {
    const ended = vi.fn();
    openStreamSocket(newestToken, "u1", "women-live", ended);
    const [first] = FakeSocket.opened;
    first!.open();
    expect(first!.url).toBe("wss://rovers.test/ws/streams?token=token-1");
    expect(JSON.parse(first!.sent[0]!)).toEqual({ action: "session", data: btoa("u1:women-live") });

    tokens = 2; // the token was renewed meanwhile
    first!.close(1006); // a deploy restarted the object
    expect(ended).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(FakeSocket.opened).toHaveLength(2);
    expect(FakeSocket.opened[1]!.url).toContain("token=token-2");
    FakeSocket.opened[1]!.open();
    FakeSocket.opened[1]!.greet();
    expect(ended).not.toHaveBeenCalled();
  });

  it("ends at once when the object releases the session", () => {
    const ended = vi.fn();
    openStreamSocket(newestToken, "u1", "women-live", ended);
    FakeSocket.opened[0]!.open();
    FakeSocket.opened[0]!.close(CLOSE_RELEASED);
    expect(ended).toHaveBeenCalledWith(CLOSE_RELEASED);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.opened).toHaveLength(1);
  });

  it("gives up once reopening has failed for the whole window, and backs off meanwhile", () => {
    const ended = vi.fn();
    const start = Date.now();
    openStreamSocket(newestToken, "u1", "women-live", ended);
    FakeSocket.opened[0]!.close(1006);
    while (!ended.mock.calls.length) {
      vi.advanceTimersByTime(100);
      const last = FakeSocket.opened.at(-1)!;
      if (!last.sent.length && FakeSocket.opened.length > 1) {
        last.sent.push("(refused)"); // the upgrade is refused: the browser sees 1006 again
        last.close(1006);
      }
      if (Date.now() - start > RECONNECT_WINDOW_MS * 2) throw new Error("never gave up");
    }
    expect(ended).toHaveBeenCalledWith(1006);
    expect(Date.now() - start).toBeGreaterThanOrEqual(RECONNECT_WINDOW_MS);
    // Backed off: far fewer attempts than one every 500 ms over the window.
    expect(FakeSocket.opened.length).toBeGreaterThan(3);
    expect(FakeSocket.opened.length).toBeLessThan(RECONNECT_WINDOW_MS / 500 / 2);
  });

  it("closes for good when the player closes it, with no reconnection", () => {
    const ended = vi.fn();
    const socket = openStreamSocket(newestToken, "u1", "women-live", ended);
    FakeSocket.opened[0]!.open();
    socket.close();
    vi.advanceTimersByTime(60_000);
    expect(ended).not.toHaveBeenCalled();
    expect(FakeSocket.opened).toHaveLength(1);
  });
});
