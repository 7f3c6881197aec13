/** Spec §5 'Card colour': border styling if the widget style equals the package mode, otherwise shadow. */
export type CardStyle = "border" | "shadow";

export function packageCardStyle(widgetStyle: "light" | "dark", packageMode: "light" | "dark"): CardStyle {
  return widgetStyle === packageMode ? "border" : "shadow";
}
