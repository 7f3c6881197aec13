import { describe, expect, it } from "vitest";
import type { RouteObject } from "react-router";
import { createRoutes } from "../../src/routes/routes";
import { routeIdsWithLoaders } from "../../worker/pages/route-loaders";

/** The ids of the table's routes that have data (the browser's side of the table names no loader). */
function idsWithData(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [...(route.loader && route.id ? [route.id] : []), ...idsWithData(route.children ?? [])]);
}

describe("route loaders", () => {
  it("every route with data has a loader under its id, and every loader names such a route", () => {
    const table = idsWithData(createRoutes(async () => null)).sort();
    expect(table).toContain("root");
    expect(table).toContain("news/*");
    expect(routeIdsWithLoaders().sort()).toEqual(table);
  });
});
