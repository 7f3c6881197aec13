import type { Settings } from "../schemas/shell";

/**
 * Reads a web setting by its dotted key ('social.facebook'), also accepting the underscore
 * spelling ('social_facebook'), so either naming in the CMS works. Empty means unset.
 */
export function readSetting(settings: Settings, dottedKey: string): string | undefined {
  const value = settings[dottedKey] ?? settings[dottedKey.replace(/\./g, "_")];
  return value ? value : undefined;
}

/**
 * The copyright line of both footers (spec §3 web setting `footer.copyright`): the club's text
 * when it has set one, else '© {year} {club}'.
 */
export function copyrightLine(settings: Settings, year: number, clubName: string): string {
  return readSetting(settings, "footer.copyright") ?? `© ${year} ${clubName}`;
}
