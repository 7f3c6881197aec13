import { isRouteErrorResponse, type StaticHandlerContext } from "react-router";

/**
 * The router's hydration data travels in a JSON data block, not an inline script: browsers never
 * execute it, so the CSP can forbid every inline script and a rendered page carries nothing
 * per-request (which lets the worker cache it). The shape is react-router's own
 * `window.__staticRouterHydrationData`, errors serialised the way it revives them.
 */
export const ROUTER_DATA_ID = "router-data";

type HydrationData = Pick<StaticHandlerContext, "loaderData" | "actionData"> & { errors: Record<string, unknown> | null };

export function serializeRouterData(context: StaticHandlerContext): string {
  const data: HydrationData = { loaderData: context.loaderData, actionData: context.actionData, errors: serializeErrors(context.errors) };
  // '<' escaped so no '</script>' can end the block early; U+2028/9 are legal JSON but not JS.
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

function serializeErrors(errors: StaticHandlerContext["errors"]): Record<string, unknown> | null {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [routeId, error] of Object.entries(errors)) {
    if (isRouteErrorResponse(error)) out[routeId] = { ...error, __type: "RouteErrorResponse" };
    else if (error instanceof Error) out[routeId] = { message: error.message, __type: "Error", ...(error.name !== "Error" ? { __subType: error.name } : {}) };
    else out[routeId] = error;
  }
  return out;
}
