/** The e2e server scripts/e2e.mjs started (not BASE_URL: vitest sets that one to Vite's base). */
export const BASE_URL = (process.env.E2E_BASE_URL || "http://127.0.0.1:8799").replace(/\/$/, "");
