import type { Settings } from "../schemas/shell";
import { linkSettingKind, safeLink } from "../domain/link-rule";

/**
 * Reads a web setting by its dotted key ('social.facebook'), also accepting the underscore
 * spelling ('social_facebook'), so either naming in the CMS works. Empty means unset.
 */
export function readSetting(settings: Settings, dottedKey: string): string | undefined {
  const value = settings[dottedKey] ?? settings[dottedKey.replace(/\./g, "_")];
  return value ? value : undefined;
}

/**
 * A web setting that is a link (src/domain/link-rule.ts LINK_SETTINGS), only when it keeps the link
 * rule: a value stored before the rule or written straight into D1 (`/\evil.example`,
 * `javascript:…`) is undefined, so the page renders its own default instead. A key that is not a
 * link setting reads as undefined too.
 */
export function readLinkSetting(settings: Settings, dottedKey: string): string | undefined {
  const kind = linkSettingKind(dottedKey);
  return kind ? safeLink(kind, readSetting(settings, dottedKey)) : undefined;
}

/**
 * The copyright line of both footers (spec §3 web setting `footer.copyright`): the club's text
 * when it has set one, else '© {year} {club}'.
 */
export function copyrightLine(settings: Settings, year: number, clubName: string): string {
  return readSetting(settings, "footer.copyright") ?? `© ${year} ${clubName}`;
}
