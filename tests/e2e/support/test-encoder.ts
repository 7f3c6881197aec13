import { spawn, type ChildProcess } from "node:child_process";
import { pictureClockFilters } from "../../../scripts/picture-clock.mjs";

const CLOCK = "drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf:text='%{localtime\\:%T}':x=40:y=h-100:fontsize=64:fontcolor=white:box=1:boxcolor=black@0.6";

/**
 * A club's encoder as the live tests need one: a 640x360 test pattern and a tone, in real time over
 * SRT, for `seconds`, the wall clock burned in for a machine (scripts/picture-clock.mjs, read back
 * by tests/e2e/support/picture-clock.ts) and, with `clock`, for people too. x264 ultrafast: the test
 * machine's two cores are shared with the browser, the server and the ingest. With `audioOnly`, the
 * commentary box's encoder instead: the tone alone, as an audio event takes it.
 */
export class TestEncoder {
  child: ChildProcess | null = null;

  constructor(private readonly options: { seconds: number; clock?: boolean; audioOnly?: boolean }) {}

  private start(url: string): ChildProcess {
    if (this.options.audioOnly) {
      const args = ["-hide_banner", "-loglevel", "error", "-re", "-f", "lavfi", "-i", "sine=frequency=330:sample_rate=48000", "-t", String(this.options.seconds), "-c:a", "aac", "-b:a", "64k", "-f", "mpegts", url];
      return spawn("ffmpeg", args, { stdio: ["ignore", "ignore", "inherit"] });
    }
    const picture = ["-vf", [pictureClockFilters(), ...(this.options.clock ? [CLOCK] : [])].join(",")];
    return spawn(
      "ffmpeg",
      ["-hide_banner", "-loglevel", "error", "-re", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
        "-t", String(this.options.seconds), ...picture, "-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-g", "50", "-pix_fmt", "yuv420p", "-c:a", "aac", "-f", url.startsWith("rtmp:") ? "flv" : "mpegts", url],
      { stdio: ["ignore", "ignore", "inherit"] },
    );
  }

  /**
   * Pushes until `status()` reads 'active': the ingest hears of a new key within a few seconds, and
   * until it listens a push is refused, so the encoder starts again every `retryMs` it is not running.
   */
  async pushUntilActive(url: string, status: () => Promise<unknown>, timeoutMs: number, retryMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while ((await status()) !== "active") {
      if (Date.now() > deadline) throw new Error("the push never went live");
      if (!this.child || this.child.exitCode !== null) this.child = this.start(url);
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  }

  kill(signal: NodeJS.Signals): void {
    this.child?.kill(signal);
  }
}
