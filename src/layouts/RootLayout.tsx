import { Outlet, useLoaderData, useMatches } from "react-router";
import type { Shell } from "../schemas/shell";
import DefaultLayout from "./DefaultLayout";
import { headerStyleFor, type PageHandle } from "./page-handle";

/** The root route: the Default layout around whichever page matched. */
export function RootLayout() {
  const shell = useLoaderData<Shell | null>();
  const leaf = useMatches().at(-1);
  const headerStyle = headerStyleFor(leaf?.handle as PageHandle | undefined, leaf?.data);
  return (
    <DefaultLayout shell={shell} headerStyle={headerStyle}>
      <Outlet />
    </DefaultLayout>
  );
}
