// Types of scripts/live-push.mjs for the picture clock's round trip (tests/integration/picture-clock.test.ts).
export interface PushProfile {
  size: string;
  fps: number;
  preset: string;
  videoBitrate: string;
  audioBitrate: string;
  audioOnlyBitrate: string;
  titleSize: number;
  clockSize: number;
}
export interface PushTarget {
  id: string;
  url: string;
  title: string;
  mediaType: string;
}
export declare const PUSH_PROFILES: { demo: PushProfile; e2e: PushProfile };
export declare function ffmpegArgs(target: PushTarget, profile: PushProfile, seconds?: number | null): string[];
