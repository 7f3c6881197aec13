import { settingOn } from "./setting-flag";

/**
 * Spec §2 'Account summary': a debug package list when debug help is on. Debug help is the web
 * setting `account.debugHelp` (off by default): support staff switch it on through the admin API
 * while helping a supporter, who then reads out which packages the site sees on the account.
 */
export const DEBUG_HELP_SETTING = "account.debugHelp";

/** On for '1', 'true', 'on' or 'yes' (any case); anything else, empty or missing is off. */
export function debugHelpOn(value: string | undefined): boolean {
  return settingOn(value);
}

/** The account's entitlement codes, each once, in a stable order to read out. */
export function debugPackageList(entitlements: readonly string[]): string[] {
  return [...new Set(entitlements.map((e) => e.trim()).filter((e) => e !== ""))].sort();
}
