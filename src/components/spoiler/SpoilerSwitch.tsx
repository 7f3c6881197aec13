import { useState } from "react";
import { useRevalidator } from "react-router";
import { PREFERENCE_COOKIES, useViewerPreferences } from "../../app/viewer-preferences";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Spoiler-free mode's switch in the main menu. It writes the cookie the worker reads
 * (src/app/viewer-preferences.ts) and reloads the route data: the loaders ask /api again with the
 * cookie, and the answers come back without scores (the data layer strips them), so the page
 * changes without a full reload. A later full load gets the page cache's spoiler-free variant.
 */
export function SpoilerSwitch() {
  const rendered = useViewerPreferences().spoilerFree;
  const [on, setOn] = useState(rendered);
  const revalidator = useRevalidator();
  const toggle = () => {
    const next = !on;
    const secure = window.location.protocol === "https:" ? "; Secure" : "";
    document.cookie = next
      ? `${PREFERENCE_COOKIES.spoilerFree}=1; Max-Age=${ONE_YEAR_SECONDS}; Path=/; SameSite=Lax${secure}`
      : `${PREFERENCE_COOKIES.spoilerFree}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
    setOn(next);
    void revalidator.revalidate();
  };
  return (
    <div className="spoiler-switch">
      <span id="spoiler-switch-label">
        Spoiler-free mode
        <span className="spoiler-switch__hint" id="spoiler-switch-hint">Hide scores and results until you reveal them</span>
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby="spoiler-switch-label"
        className="spoiler-switch__toggle"
        onClick={toggle}
      />
    </div>
  );
}
