import { Outlet, useLoaderData, useMatches } from "react-router";
import type { rootLoader } from "./root.loader";
import DefaultLayout from "./DefaultLayout";
import { headerStyleFor, isPageHandle } from "./page-handle";

/** The root route: the Default layout around whichever page matched. */
export function RootLayout() {
  const shell = useLoaderData<typeof rootLoader>();
  const leaf = useMatches().at(-1);
  const headerStyle = headerStyleFor(isPageHandle(leaf?.handle) ? leaf.handle : undefined, leaf?.data);
  return (
    <DefaultLayout shell={shell} headerStyle={headerStyle}>
      <Outlet />
    </DefaultLayout>
  );
}
