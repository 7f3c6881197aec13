import { z } from "zod";

/** Vars and secrets, parsed once so a missing or malformed one is a clear start-up error. */
export const configSchema = z.object({
  ENVIRONMENT: z.enum(["development", "test", "production"]).default("development"),
  AUTH_PROVIDER: z.enum(["dev", "login-portal", "sports-alliance", "green"]).default("dev"),
});
export type Config = z.infer<typeof configSchema>;

export type Bindings = Env;
