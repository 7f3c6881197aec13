import { Outlet, useLoaderData, useMatches } from "react-router";
import type { rootLoader } from "./root.loader";
import DefaultLayout from "./DefaultLayout";
import { StreamerLayout } from "./LazyStreamerLayout";
import { headerStyleFor, isPageHandle } from "./page-handle";
import { RouteStylesheets } from "../app/route-styles";
import { ChildViewOutlet } from "./child-view/ChildViewOutlet";

/** The route of /streamer, which has a layout of its own. */
export const STREAMER_ROUTE_ID = "streamer";

/** The root route: the Default layout around whichever page matched (the streamer layout around /streamer). */
export function RootLayout() {
  const shell = useLoaderData<typeof rootLoader>();
  const leaf = useMatches().at(-1);
  if (leaf?.id === STREAMER_ROUTE_ID) {
    return (
      <StreamerLayout shell={shell}>
        <RouteStylesheets />
        <Outlet />
      </StreamerLayout>
    );
  }
  const headerStyle = headerStyleFor(isPageHandle(leaf?.handle) ? leaf.handle : undefined, leaf?.data);
  return (
    <DefaultLayout shell={shell} headerStyle={headerStyle}>
      <RouteStylesheets />
      <ChildViewOutlet />
    </DefaultLayout>
  );
}
