import { useEffect, useState } from "react";
import { showLoaderAfterDelay } from "../domain/loading-delay";

/**
 * True while `loading` has lasted longer than the fetch helper's delay (spec §9, 200 ms): what a
 * list that loads in the browser shows its loader on. A fetch that ends sooner shows none.
 */
export function useDelayedLoading(loading: boolean): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!loading) return;
    const cancel = showLoaderAfterDelay(() => setSlow(true));
    return () => {
      cancel();
      setSlow(false);
    };
  }, [loading]);
  return loading && slow;
}
