/**
 * Calls `again` when the browser comes back online or the tab regains focus (back from signing in
 * again in another tab): the operator's outboxes send at once then, rather than at their back-off's
 * next turn. Returns the function that stops listening, for an effect's clean-up.
 */
export function onReturn(again: () => void): () => void {
  window.addEventListener("online", again);
  window.addEventListener("focus", again);
  return () => {
    window.removeEventListener("online", again);
    window.removeEventListener("focus", again);
  };
}
