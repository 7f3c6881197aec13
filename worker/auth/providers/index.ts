import { AuthConfigError, type AuthConfig } from "../config";
import { settingsOf } from "../../env";
import { createGreenProvider } from "./green";
import { createLoginPortalProvider } from "./login-portal";
import { createSportsAllianceProvider } from "./sports-alliance";
import type { AuthProvider, ProviderDeps } from "./types";

export type { AuthProvider, CallbackInput, ProviderDeps, SignInResult } from "./types";

type ProviderFactory = (deps: ProviderDeps) => AuthProvider;
let devProvider: ProviderFactory | null = null;

/** The embedded portal's provider, handed over by worker/development.ts when the development kit is installed. */
export function installDevProvider(factory: ProviderFactory | null): void {
  devProvider = factory;
}

/** The provider AUTH_PROVIDER names (spec §7's variants). */
export function createProvider(deps: ProviderDeps): AuthProvider {
  switch (deps.config.provider) {
    case "dev": {
      // The embedded portal is part of the development build only (worker/development.ts).
      const factory = settingsOf(deps.env).development ? devProvider : null;
      if (!factory) throw new AuthConfigError("AUTH_PROVIDER=dev needs the development build");
      return factory(deps);
    }
    case "login-portal":
      return createLoginPortalProvider(deps);
    case "sports-alliance":
      return createSportsAllianceProvider(deps);
    case "green":
      return createGreenProvider(deps);
  }
}

/** The configured provider for one request; network calls go through the global fetch. */
export function providerFor(env: Env, config: AuthConfig, origin: string): AuthProvider {
  const fetchFn = ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init)) as typeof fetch;
  return createProvider({ config, env, origin, fetch: fetchFn });
}
