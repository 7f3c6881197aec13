// Types of scripts/demo-captions.mjs for the unit tests.
export declare const CAPTIONED_DEMO_VIDEOS: number;
export declare function demoCaptions(video: { title: string; durationSeconds: number }): string;
