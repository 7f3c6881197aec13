import { describe, expect, it } from "vitest";
import { demoCaptions } from "../../scripts/demo-captions.mjs";
import { checkWebVtt } from "../../src/domain/webvtt";

describe("the demo videos' captions", () => {
  it("are WebVTT the console takes, a cue every 5 s naming the title and the clock, the last ending with the video", () => {
    const text = demoCaptions({ title: "Rovers v Harbour: highlights", durationSeconds: 12 });
    expect(checkWebVtt(new TextEncoder().encode(text))).toBeNull();
    expect(text).toBe(
      "WEBVTT\n\n" +
        "00:00:00.000 --> 00:00:05.000\n[On screen: “Rovers v Harbour: highlights”, the clock at 00:00:00]\n\n" +
        "00:00:05.000 --> 00:00:10.000\n[On screen: “Rovers v Harbour: highlights”, the clock at 00:00:05]\n\n" +
        "00:00:10.000 --> 00:00:12.000\n[On screen: “Rovers v Harbour: highlights”, the clock at 00:00:10]\n",
    );
  });
});
