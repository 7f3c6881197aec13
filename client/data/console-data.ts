import type { ZodMiniType } from "zod/mini";
import { liveNowAnswerSchema, type LiveNow } from "../../src/schemas/console";
import { parseAnswer } from "./api-answers";
import { ApiError, MALFORMED_ANSWER_STATUS } from "./api-error";

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * The console's reads in the browser (issue 22), a chunk of their own that only the console's
 * loaders fetch: GET /api/console/…, 404 (not staff) as null like every other SiteData read.
 */
export async function consoleRead<T>(fetchFn: Fetch, origin: string, path: string, schema: ZodMiniType<{ data: { attributes: T } }>): Promise<T | null> {
  const response = await fetchFn(`${origin}/api${path}`, { headers: { accept: "application/json" } });
  if (response.status === 404) return null;
  if (!response.ok) throw new ApiError(response.status, `GET ${path} answered ${response.status}`);
  const parsed = parseAnswer(schema, await response.json().catch(() => undefined));
  if (!parsed.ok) throw new ApiError(MALFORMED_ANSWER_STATUS, `GET ${path}: unexpected answer (${parsed.detail})`);
  return parsed.value.data.attributes;
}

export const liveNow = (fetchFn: Fetch, origin: string): Promise<LiveNow | null> => consoleRead(fetchFn, origin, "/console/live", liveNowAnswerSchema);
