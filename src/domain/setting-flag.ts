/** An on/off web setting: '1', 'true', 'on' or 'yes' (any case) is on; anything else, empty or missing is off. */
export function settingOn(value: string | undefined | null): boolean {
  return ["1", "true", "on", "yes"].includes(value?.trim().toLowerCase() ?? "");
}
