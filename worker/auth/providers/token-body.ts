import { z } from "zod";

/**
 * Portals name the token in their answers differently (token, access_token, id_token,
 * tokenpayload); this reads whichever is there.
 */
const tokenBodySchema = z
  .object({
    token: z.string().min(1).optional(),
    tokenpayload: z.string().min(1).optional(),
    id_token: z.string().min(1).optional(),
    access_token: z.string().min(1).optional(),
    refresh_token: z.string().min(1).optional(),
    data: z.object({ token: z.string().min(1).optional() }).optional(),
  })
  .loose();

export interface TokenBody {
  token: string | null;
  refreshToken: string | null;
}

export function readTokenBody(body: unknown): TokenBody {
  const parsed = tokenBodySchema.safeParse(body);
  if (!parsed.success) return { token: null, refreshToken: null };
  const b = parsed.data;
  return {
    token: b.token ?? b.tokenpayload ?? b.id_token ?? b.access_token ?? b.data?.token ?? null,
    refreshToken: b.refresh_token ?? null,
  };
}

/** An error answer's message (shown under the direct-login fields, spec §8), if it has one. */
export function readErrorMessage(body: unknown): string | null {
  const parsed = z
    .object({
      message: z.string().optional(),
      error_description: z.string().optional(),
      error: z.string().optional(),
      errors: z.array(z.object({ detail: z.string().optional(), message: z.string().optional() }).loose()).optional(),
    })
    .loose()
    .safeParse(body);
  if (!parsed.success) return null;
  const b = parsed.data;
  const first = b.errors?.[0];
  const text = b.message ?? b.error_description ?? first?.detail ?? first?.message ?? null;
  return text && text.length <= 300 ? text : null;
}

/** The OAuth-style error code of an answer ('invalid_request' from a refresh, spec §8). */
export function readErrorCode(body: unknown): string | null {
  const parsed = z.object({ error: z.string().max(100) }).loose().safeParse(body);
  return parsed.success ? parsed.data.error : null;
}
