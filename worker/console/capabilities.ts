import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../http/api-error";
import { staffActor, writeAudit } from "../audit/audit-log";
import { can, type Capability } from "../../src/domain/staff-roles";

/**
 * The console's one check of what a member of staff may do (the table is
 * src/domain/staff-roles.ts). Everyone without a role never gets here: staffOnly answers them the
 * 404 first, so the console's existence is still not announced; a member of staff whose roles lack
 * the capability is told so (403 CAPABILITY_REQUIRED), since they know the console is there.
 */
export const CAPABILITY_REQUIRED_DETAIL = "Your staff role does not allow this";

function hasCapability(c: Context<AppEnv>, capability: Capability): boolean {
  return can(c.get("staffRoles") ?? [], capability);
}

/** Throws the API's 403 unless the signed-in member holds `capability`. */
function checkCapability(c: Context<AppEnv>, capability: Capability): void {
  if (!hasCapability(c, capability)) throw new ApiError(403, "CAPABILITY_REQUIRED", CAPABILITY_REQUIRED_DETAIL);
}

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * In front of every /api/console route: its capability, or one chosen from the request (a content
 * kind's). A refused write is audited too (who tried what), as the writes' own refusals are.
 */
export function requireCapability(capability: Capability | ((c: Context<AppEnv>) => Capability)): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const needed = typeof capability === "function" ? capability(c) : capability;
    if (!hasCapability(c, needed) && UNSAFE.has(c.req.method)) {
      await writeAudit(c, { actor: staffActor(c.get("user")?.ssoID ?? "unknown"), action: `${c.req.method} ${c.req.path}`, target: null, status: 403, detail: { via: "console", capability: needed } });
    }
    checkCapability(c, needed);
    await next();
  };
}
