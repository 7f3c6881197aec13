import type { SecureHeadersVariables } from "hono/secure-headers";
import type { RequestIdVariables } from "hono/request-id";
import type { AuthVariables } from "./auth/auth-env";

/** The Hono environment every route of the worker shares. */
export type AppEnv = {
  Bindings: Env;
  Variables: SecureHeadersVariables & RequestIdVariables & AuthVariables;
};

declare module "hono" {
  interface ContextRenderer {
    (children: React.ReactElement): Response | Promise<Response>;
  }
}
