import { z } from "zod";
import { cached, DEFAULT_TTL_SECONDS } from "../cache/kv-cache";
import { allRows, settingRow } from "../db/rows";

/**
 * The site lock's two web settings (settings table, edited through the admin API, which bumps the
 * cache generation): `siteLock.enabled` ("1" = on) and `siteLock.entryPhrase`. Read through the
 * KV cache, so a request costs no D1 query; the phrase never leaves the worker (the shell sent to
 * browsers leaves `siteLock.*` out).
 */
export const SITE_LOCK_SETTINGS = { enabled: "siteLock.enabled", entryPhrase: "siteLock.entryPhrase" } as const;

const siteLockStateSchema = z.object({ enabled: z.boolean(), entryPhrase: z.string() });
export type SiteLockState = z.infer<typeof siteLockStateSchema>;

export function siteLockState(env: Pick<Env, "DB" | "CACHE">): Promise<SiteLockState> {
  return cached(env, "site-lock", DEFAULT_TTL_SECONDS, siteLockStateSchema, async () => {
    const rows = await allRows(
      settingRow,
      env.DB.prepare("SELECT key, value FROM settings WHERE key IN (?1, ?2)").bind(SITE_LOCK_SETTINGS.enabled, SITE_LOCK_SETTINGS.entryPhrase),
    );
    const value = (key: string) => rows.find((r) => r.key === key)?.value ?? "";
    const entryPhrase = value(SITE_LOCK_SETTINGS.entryPhrase);
    // A lock without a phrase could never be opened; it still locks (the club must set one).
    return { enabled: value(SITE_LOCK_SETTINGS.enabled) === "1", entryPhrase };
    // Built from web settings: a settings write through the admin API makes it stale at once.
  }, ["settings"]);
}
