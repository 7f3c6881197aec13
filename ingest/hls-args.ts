import { INGEST_SEGMENT_SECONDS, type LiveMediaKind } from "../src/domain/live-ingest";

/**
 * The ffmpeg arguments that package one push as live CMAF HLS (fMP4 segments), after `-i <input>`.
 * Video: one 720p H.264 rendition (main profile, CBR-ish 2.5 Mbit/s, a keyframe exactly every 2 s
 * so every 2 s segment starts with one) plus AAC stereo; audio events: AAC only, 6 s segments.
 * `program_date_time` stamps each segment with the wall clock (players and the latency check read
 * it), `omit_endlist` keeps the final playlist live: the end of a push is told by the stop call.
 * Files are written to `dir` as init.mp4, seg{n}.m4s and index.m3u8: the run is only known once
 * the worker has accepted the push, so the uploader names them r{run}-… (ingest/uploader.ts).
 */
export function hlsArgs(media: LiveMediaKind, dir: string, preset = "veryfast"): string[] {
  const seconds = INGEST_SEGMENT_SECONDS[media];
  const codec =
    media === "video"
      ? [
          "-map", "0:v:0", "-map", "0:a:0?",
          "-c:v", "libx264", "-preset", preset, "-tune", "zerolatency", "-profile:v", "main", "-pix_fmt", "yuv420p",
          "-vf", "scale=-2:'min(720,ih)'", "-r", "25",
          "-b:v", "2500k", "-maxrate", "2500k", "-bufsize", "5000k",
          "-g", String(25 * seconds), "-keyint_min", String(25 * seconds), "-sc_threshold", "0",
          "-force_key_frames", `expr:gte(t,n_forced*${seconds})`,
          "-c:a", "aac", "-b:a", "128k", "-ac", "2", "-ar", "48000",
        ]
      : ["-map", "0:a:0", "-vn", "-c:a", "aac", "-b:a", "96k", "-ac", "2", "-ar", "48000"];
  return [
    ...codec,
    "-f", "hls", "-hls_time", String(seconds), "-hls_list_size", "6", "-hls_segment_type", "fmp4",
    "-hls_flags", "program_date_time+independent_segments+omit_endlist+temp_file",
    "-hls_fmp4_init_filename", "init.mp4",
    "-hls_segment_filename", `${dir}/seg%d.m4s`,
    `${dir}/index.m3u8`,
  ];
}
