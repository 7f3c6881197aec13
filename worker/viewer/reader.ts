import { DEFAULT_PREFERENCES, type ViewerPreferences } from "../../src/app/viewer-preferences";

/**
 * What a read needs to answer one viewer: the bindings, and the viewer's cookie preferences, which
 * shape the content itself (child-friendly mode leaves out what is not flagged for children,
 * spoiler-free takes every score out) before the HTML, the route data or the API's JSON is built.
 * A page's loader and the content API read through the same functions with the same reader.
 */
export interface Reader {
  env: Pick<Env, "DB" | "CACHE">;
  preferences: ViewerPreferences;
}

export const readerOf = (env: Pick<Env, "DB" | "CACHE">, preferences: ViewerPreferences = DEFAULT_PREFERENCES): Reader => ({ env, preferences });
