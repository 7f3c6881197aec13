/**
 * Spec §8: failures of feed, category and package fetches are only logged, with no user message.
 * The loader carries on with `fallback` (an empty list), so the page shows its empty state, not the
 * error page. Only for those fetches: a failing page's own content still shows the error page.
 */
export async function orLogged<T>(what: string, call: Promise<T>, fallback: T): Promise<T> {
  try {
    return await call;
  } catch (error) {
    console.warn(JSON.stringify({ msg: `${what} fetch failed`, error: String(error) }));
    return fallback;
  }
}
