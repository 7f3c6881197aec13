// "Shown" as a supporter sees it: rendered (not display:none, visibility:hidden or opacity 0) and
// overlapping the viewport. Playwright's own visibility check ignores transforms that slide an
// element off screen, which is exactly how the header and the menu hide.
import type { Locator } from "playwright-core";

export interface Placement {
  shown: boolean;
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/**
 * Where the element is; an element that is not in the document at all counts as hidden. One
 * evaluateAll, which never waits: a count() followed by evaluate() raced an element leaving the
 * document (a dialog closing on a route change) and then waited 30 s for it to come back.
 */
export async function placement(locator: Locator): Promise<Placement> {
  return locator.evaluateAll((els) => {
    // Strict, as evaluate() was: two matches are a test that does not know what it is looking at.
    if (els.length > 1) throw new Error(`placement: ${els.length} elements match`);
    const el = els[0];
    if (!el) return { shown: false, top: NaN, bottom: NaN, left: NaN, right: NaN };
    const r = el.getBoundingClientRect();
    const rendered = el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    const inView = r.width > 0 && r.height > 0 && r.bottom > 1 && r.top < window.innerHeight - 1 && r.right > 1 && r.left < window.innerWidth - 1;
    return { shown: rendered && inView, top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  });
}

/** Waits (through CSS transitions) until the element is shown, or hidden; throws with its placement otherwise. */
export async function waitUntilShown(locator: Locator, shown: boolean, timeoutMs = 5_000): Promise<Placement> {
  const deadline = Date.now() + timeoutMs;
  let last = await placement(locator);
  while (last.shown !== shown && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await placement(locator);
  }
  if (last.shown !== shown) {
    throw new Error(`expected the element to be ${shown ? "shown" : "hidden"}, but it is at ${JSON.stringify(last)}`);
  }
  return last;
}

export function normalise(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * Waits until the element's placement satisfies `ok` (e.g. back at the top edge once a slide-in
 * transition ends); throws with the last placement otherwise.
 */
export async function waitForPlacement(
  locator: Locator,
  ok: (p: Placement) => boolean,
  description: string,
  timeoutMs = 5_000,
): Promise<Placement> {
  const deadline = Date.now() + timeoutMs;
  let last = await placement(locator);
  while (!ok(last) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await placement(locator);
  }
  if (!ok(last)) throw new Error(`expected the element to be ${description}, but it is at ${JSON.stringify(last)}`);
  return last;
}

/** Text as written in the document, not as CSS shows it (text-transform), whitespace collapsed. */
export async function textOf(locator: Locator): Promise<string> {
  return normalise((await locator.textContent()) ?? "");
}

/** A link by the start of its accessible name: external links add " (opens in a new tab)". */
export function linkNamed(scope: Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return scope.getByRole("link", { name: new RegExp(`^${escaped}(\\s|$)`) });
}
