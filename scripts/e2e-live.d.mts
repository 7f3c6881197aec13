// Types of scripts/e2e-live.mjs for vitest.e2e.config.ts (which picks the files that play these events).
export declare const E2E_LIVE_EVENTS: readonly string[];
