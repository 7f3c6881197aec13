import { lazy } from "react";
import { useAppState } from "../../state/store";
import OnDemand from "../OnDemand";

/** The overlay's code is a chunk of its own: a first visit does not need it (spec §2 'Search overlay'). */
const SearchOverlay = lazy(() => import("./SearchOverlay"));

/**
 * Where the search overlay mounts (Default layout). Nothing is loaded or rendered until the header's
 * search button first opens it; after that it stays mounted (closed, it renders nothing) so the
 * term and results are still there when it opens again.
 */
export default function SearchSlot() {
  const { state } = useAppState();
  return (
    <OnDemand
      wanted={state.searchOpen}
      fallback={
        <div className="search-root">
          <div className="search-panel search-panel--loading" role="status">
            Loading search
          </div>
        </div>
      }
    >
      <SearchOverlay />
    </OnDemand>
  );
}
