import { data } from "react-router";

/** Thrown by loaders when a route's parameters name nothing: the error page answers 404. */
export function notFound(): never {
  throw data("This page could not be found", { status: 404, statusText: "Not Found" });
}

/** Returns the value, or throws the 404 when there is none. */
export function found<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) notFound();
  return value;
}
