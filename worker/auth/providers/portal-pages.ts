import type { AuthConfig } from "../config";

/**
 * The pages of an external portal the browser is sent to. Only the login page is required
 * (worker/auth/config.ts checks it): register and forgotten password fall back to the login page,
 * the profile to the portal's home (its origin). The one place these fallbacks live.
 */
export interface PortalPages {
  login: string;
  register: string;
  profile: string;
  forgotPassword: string;
}

export function portalPages(config: AuthConfig): PortalPages {
  const { urls } = config;
  const login = urls.login ?? "";
  return {
    login,
    register: urls.register ?? login,
    profile: urls.profile ?? new URL(login).origin,
    forgotPassword: urls.forgotPassword ?? login,
  };
}
