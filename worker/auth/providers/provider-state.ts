import { z } from "zod";

/** What providers keep per session (encrypted in D1): the portal's token and/or refresh token. */
const providerStateSchema = z.object({
  token: z.string().nullish(),
  refreshToken: z.string().nullish(),
});
export type ProviderState = z.infer<typeof providerStateSchema>;

export function encodeProviderState(state: ProviderState): string {
  return JSON.stringify({ token: state.token ?? null, refreshToken: state.refreshToken ?? null });
}

export function decodeProviderState(raw: string): ProviderState {
  try {
    const parsed = providerStateSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}
