import type { AuthConfig } from "./config";
import { firstRow, settingRow } from "../db/rows";
import { DIRECT_LOGIN_SETTING, directLoginOffered } from "../../src/domain/direct-login";

/**
 * The sign-in web settings (login.*), read from D1 itself rather than the cached page shell: a
 * sign-in option the club turns off must stop working on the very next request.
 */
export async function loginSetting(db: D1Database, key: string): Promise<string | null> {
  return (await firstRow(settingRow, db.prepare("SELECT key, value FROM settings WHERE key = ?1").bind(key)))?.value ?? null;
}

/** Whether direct login is offered now: the provider can do it and the login.direct setting is on. */
export async function directLoginOn(db: D1Database, config: AuthConfig): Promise<boolean> {
  if (!config.directLogin) return false;
  return directLoginOffered(true, await loginSetting(db, DIRECT_LOGIN_SETTING));
}
