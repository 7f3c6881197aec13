import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { LiveMediaKind } from "../src/domain/live-ingest";
import { arrivalShift, datedSegments, shiftProgramDateTimes } from "./program-date-time";
import type { IngestApi } from "./worker-api";

/**
 * Uploads what ffmpeg writes for one run: every init and segment once, as soon as the playlist
 * lists it (ffmpeg's temp_file flag renames a file into place only when it is complete), then the
 * playlist, so a viewer is never sent a file the worker does not have. Local names (init.mp4,
 * seg{n}.m4s) become the run's (r{run}-init.mp4, r{run}-seg{n}.m4s), and each program date-time
 * becomes when the segment reached the ingest, read from when its file was written
 * (ingest/program-date-time.ts says why ffmpeg's own is late).
 */
export class RunUploader {
  private readonly uploaded = new Set<string>();
  private readonly measured = new Set<string>();
  private lastPlaylist = "";
  /** ms to add to ffmpeg's program date-times; null until a segment has been measured */
  private shift: number | null = null;

  constructor(
    private readonly api: IngestApi,
    private readonly eventId: string,
    private readonly run: number,
    private readonly media: LiveMediaKind,
    private readonly dir: string,
  ) {}

  /** The run's name of a local file. */
  private named(file: string): string {
    return `r${this.run}-${file}`;
  }

  /** One pass: new files, then the playlist if it changed. Returns the number of files uploaded. */
  async sync(): Promise<number> {
    const text = await readFile(path.join(this.dir, "index.m3u8"), "utf8").catch(() => "");
    if (text === "" || text === this.lastPlaylist) return 0;
    const files: string[] = [];
    for (const raw of text.split("\n")) {
      const line = raw.trim();
      const map = /^#EXT-X-MAP:URI="([^"]+)"/.exec(line)?.[1];
      if (map) files.push(map);
      else if (line !== "" && !line.startsWith("#")) files.push(line);
    }
    let count = 0;
    const type = this.media === "audio" ? "audio/mp4" : "video/mp4";
    for (const file of files) {
      if (this.uploaded.has(file)) continue;
      await this.api.put(this.eventId, this.named(file), await readFile(path.join(this.dir, file)), type);
      this.uploaded.add(file);
      count += 1;
    }
    for (const segment of datedSegments(text)) {
      if (this.measured.has(segment.file)) continue;
      const written = await stat(path.join(this.dir, segment.file)).catch(() => null);
      if (!written) continue;
      this.shift = arrivalShift(this.shift, segment, written.mtimeMs);
      this.measured.add(segment.file);
    }
    const renamed = shiftProgramDateTimes(text, this.shift ?? 0)
      .split("\n")
      .map((line) => (line.startsWith("#EXT-X-MAP:") ? line.replace(/URI="([^"]+)"/, (_, uri: string) => `URI="${this.named(uri)}"`) : line !== "" && !line.startsWith("#") ? this.named(line.trim()) : line))
      .join("\n");
    await this.api.put(this.eventId, "index.m3u8", renamed, "application/vnd.apple.mpegurl");
    this.lastPlaylist = text;
    return count;
  }
}
