import type { LoaderFunctionArgs } from "react-router";
import type { Loaders, PageContext } from "../../worker/pages/loader";
import { readShell } from "../../worker/content/shell";
import type { PageShell } from "../schemas/shell";

/**
 * The shell (menus, sponsors, settings) is fetched once; a failure leaves the static nav.
 * Of its adverts the page carries only the first choice for the footer's slots (one at random per
 * slot, eligible now; the data is already the viewer's child-friendly variant): the server draws
 * them so the first paint has each slot in its shape, and the browser asks the advertising slot
 * call for the supporter's own choice once it has hydrated (src/components/footer/FooterAdverts.tsx).
 * The draw is imported when used: in the browser this loader runs only on a revalidation, so a
 * first visit does not download it.
 */
export async function rootLoader(_args: LoaderFunctionArgs, context: PageContext): Promise<PageShell | null> {
  try {
    const [shell, { firstFooterChoice }] = await Promise.all([readShell(context), import("../domain/slot-adverts")]);
    return { ...shell, adverts: firstFooterChoice(shell.adverts, Date.now(), Math.random) };
  } catch (error) {
    console.warn(JSON.stringify({ msg: "shell fetch failed", error: String(error) }));
    return null;
  }
}

export const loaders = { root: rootLoader } satisfies Loaders;
