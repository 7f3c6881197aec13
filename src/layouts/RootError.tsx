import { Component, Suspense, type ReactNode } from "react";
import { useRouteError, useRouteLoaderData } from "react-router";
import type { rootLoader } from "./root.loader";
import DefaultLayout from "./DefaultLayout";
import ErrorPageFallback from "../components/ErrorPageFallback";
import { normaliseError } from "../domain/error-normalise";
import { lazyComponent } from "../components/lazy-component";

// Only error pages need it: its own chunk (the worker loads it before rendering).
const ErrorPage = lazyComponent(() => import("../components/ErrorPage"));

/**
 * The browser fetches the error page's code as its first navigation starts, beside that
 * navigation's own requests: a later navigation that fails because the network is gone can still
 * show the error page, not the last-resort text.
 */
export const preloadErrorPage = (): Promise<unknown> => ErrorPage.preload();

/**
 * Every route error lands here: the spec's error page inside the Default layout. The status is the
 * error's own (spec §8 'Error normalising': statusCode, else status, else its response's status,
 * else 500): a thrown 404 response, or an API answer's 503 on a client-side navigation.
 */
export function RootError() {
  const { statusCode: status } = normaliseError(useRouteError());
  const shell = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <ErrorPageBoundary>
      <DefaultLayout shell={shell ?? null} headerStyle="transparent-dark">
        <Suspense>
          <ErrorPage status={status} />
        </Suspense>
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
