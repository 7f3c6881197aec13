import { useEffect, useState } from "react";
import type { MenuPage } from "../../schemas/shell";

/**
 * Where the main menu's content-managed page tree comes from. It is not in the pages' router data
 * (12 kB of every page's HTML for a drawer that is closed on arrival): the browser entry registers
 * the API call, and the drawer asks for it on its first opening. The server never renders the
 * drawer's entries, so it registers nothing.
 */
let source: (() => Promise<MenuPage[]>) | null = null;
let pending: Promise<MenuPage[]> | null = null;

export function registerMenuSource(load: () => Promise<MenuPage[]>): void {
  source = load;
  pending = null;
}

/**
 * The page tree, fetched once per page load. A failure leaves the fixed entries only (spec §2:
 * without CMS data the menu shows its fixed entries) and is asked again on the next opening.
 */
export function loadMenuPages(): Promise<MenuPage[]> {
  if (!source) return Promise.resolve([]);
  pending ??= source().catch((error: unknown) => {
    console.warn(JSON.stringify({ msg: "menu fetch failed", error: String(error) }));
    pending = null;
    return [];
  });
  return pending;
}

/** The page tree once it has arrived; [] until then (the fixed entries show at once). */
export function useMenuPages(): MenuPage[] {
  const [pages, setPages] = useState<MenuPage[]>([]);
  useEffect(() => {
    let live = true;
    void loadMenuPages().then((loaded) => {
      if (live) setPages(loaded);
    });
    return () => {
      live = false;
    };
  }, []);
  return pages;
}
