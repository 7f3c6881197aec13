import { Component, type ReactNode } from "react";
import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "react-router";
import type { Shell } from "../schemas/shell";
import DefaultLayout from "./DefaultLayout";
import ErrorPage from "../components/ErrorPage";
import ErrorPageFallback from "../components/ErrorPageFallback";
import { statusOf } from "./error-status";

/** Every route error lands here: the spec's error page inside the Default layout. */
export function RootError() {
  const status = statusOf(useRouteError(), isRouteErrorResponse);
  const shell = useRouteLoaderData("root") as Shell | null | undefined;
  return (
    <ErrorPageBoundary>
      <DefaultLayout shell={shell ?? null} headerStyle="transparent-dark">
        <ErrorPage status={status} />
      </DefaultLayout>
    </ErrorPageBoundary>
  );
}

/** If the error page itself fails, show the last-resort text of spec §8. */
class ErrorPageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <ErrorPageFallback /> : this.props.children;
  }
}
