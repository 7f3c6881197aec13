import { describe, expect, it } from "vitest";
import { accessOutcome } from "../../src/domain/access-status";

describe("accessOutcome (spec §4 access status, §8 'Audio and video access by status')", () => {
  it("-1: granted, plays", () => {
    const o = accessOutcome(-1);
    expect(o.granted).toBe(true);
    expect(o.action).toBe("play");
    expect(o.message).toBe("");
  });

  it("0: 'Please Log In to access this' with a link to /account/login and the login prompt", () => {
    const o = accessOutcome(0);
    expect(o.granted).toBe(false);
    expect(o.message).toBe("Please Log In to access this");
    expect(o.action).toBe("login");
    expect(o.link?.href).toBe("/account/login");
  });

  it("1: 'Sorry but you do not have any subscriptions' with upgrade prompt, FAQ link, blank support contact", () => {
    const o = accessOutcome(1);
    expect(o.message).toBe("Sorry but you do not have any subscriptions");
    expect(o.action).toBe("upgrade");
    expect(o.faqLink).toBe("/videos/faqs");
    expect(o.supportContact).toBe("");
  });

  it("2: 'Sorry but you are not subscribed to this stream'", () => {
    const o = accessOutcome(2);
    expect(o.message).toBe("Sorry but you are not subscribed to this stream");
    expect(o.granted).toBe(false);
  });

  it("3: 'Your account has been blocked by an administrator'", () => {
    const o = accessOutcome(3);
    expect(o.message).toBe("Your account has been blocked by an administrator");
    expect(o.action).toBe("none");
  });

  it("other: the generic problem message with the status code", () => {
    for (const status of [4, 7, -2, 500]) {
      const o = accessOutcome(status);
      expect(o.granted).toBe(false);
      expect(o.message.startsWith("Sorry, there has been a problem accessing this stream")).toBe(true);
      expect(o.message).toContain(String(status));
    }
    expect(accessOutcome(7).message).toBe("Sorry, there has been a problem accessing this stream (code 7)");
  });
});
