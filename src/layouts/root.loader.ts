import type { LoaderFunctionArgs } from "react-router";
import type { SiteData } from "../data/site-data";
import type { Shell } from "../schemas/shell";

/** The shell (menus, sponsors, settings) is fetched once; a failure leaves the static nav. */
export async function rootLoader(_args: LoaderFunctionArgs, data: SiteData): Promise<Shell | null> {
  try {
    return await data.shell();
  } catch (error) {
    console.warn(JSON.stringify({ msg: "shell fetch failed", error: String(error) }));
    return null;
  }
}
