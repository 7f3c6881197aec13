import { Suspense, useContext, useEffect, useRef, type ReactNode } from "react";
import { UNSAFE_DataRouterStateContext as RouterStateContext, UNSAFE_LocationContext as LocationContext, useLocation, useNavigate, useOutlet } from "react-router";
import { isChildViewState } from "../../domain/child-view";
import { CoveredPageContext } from "../../components/covered-page";
import { lazyComponent } from "../../components/lazy-component";
import { forgetKeptPage, keepPage } from "./kept-page";

/** Only opening an article from a listing needs the dialog: its chunk comes as that navigation starts. */
const ChildViewDialog = lazyComponent(() => import("./ChildViewDialog").then((m) => ({ default: m.ChildViewDialog })));

type RouterState = NonNullable<React.ContextType<typeof RouterStateContext>>;
type LocationValue = React.ContextType<typeof LocationContext>;

/** The page a child view was opened over: its rendered outlet and the router state it read. */
interface Background {
  outlet: ReactNode;
  routerState: RouterState;
  location: LocationValue;
}

/**
 * The root layout's outlet, with the news item child view of spec §2: an article opened from a
 * listing is a real navigation to `/news/{slug}` (its own URL, loader and history entry), marked
 * in the history state. While that entry is current, the listing's last rendered outlet stays in
 * place underneath, fed the router state and location it had, so it is neither re-rendered with
 * the article's data nor unmounted (its DOM and scroll position survive), and the article's own
 * outlet renders in a dialog over it. A direct load or a reload has no listing to keep: the
 * article is the full page, as the server renders it.
 */
export function ChildViewOutlet() {
  const outlet = useOutlet();
  const routerState = useContext(RouterStateContext);
  const locationContext = useContext(LocationContext);
  const location = useLocation();
  const navigate = useNavigate();
  const background = useRef<Background | null>(null);

  // The dialog's chunk comes beside the article's data when the loading state is drawn. That state
  // may be skipped (a transition the router starts can wait, on a lower region still hydrating,
  // until the article has loaded): the dialog then asks for its chunk as it first renders.
  // Where focus goes back is not taken here, but at the click (opener.ts).
  const opening = isChildViewState(routerState?.navigation.location?.state);
  useEffect(() => {
    if (opening) void ChildViewDialog.preload();
  }, [opening]);
  const child = isChildViewState(location.state) && background.current !== null && routerState !== null;
  if (!child) background.current = routerState ? { outlet, routerState, location: locationContext } : null;
  const under = background.current;
  // Closing goes back to the listing's URL: its loader answers with what the listing shows.
  useEffect(() => {
    if (!child || !under) return;
    const leaf = under.routerState.matches.at(-1);
    if (leaf) keepPage(under.location.location.pathname + under.location.location.search, under.routerState.loaderData[leaf.route.id]);
    // Once the child view has closed, back to the listing or on to another page, it is stale.
    return forgetKeptPage;
  }, [child, under]);
  if (!under) return outlet;

  // The same element tree in both cases, so switching between them keeps the listing mounted.
  return (
    <>
      <RouterStateContext.Provider value={under.routerState}>
        <LocationContext.Provider value={under.location}>
          <CoveredPageContext.Provider value={child}>
            <div className="child-view-under" inert={child}>
              {under.outlet}
            </div>
          </CoveredPageContext.Provider>
        </LocationContext.Provider>
      </RouterStateContext.Provider>
      {child ? (
        <Suspense>
          <ChildViewDialog onClose={() => navigate(-1)} articlePath={location.pathname}>
            {outlet}
          </ChildViewDialog>
        </Suspense>
      ) : null}
    </>
  );
}
