import type * as z from "zod/mini";
import { auditPageAnswerSchema, consoleContentAnswerSchema, type AuditPage, type AuditQuery, type ConsoleContent, type ContentKind } from "../../src/schemas/console-content";
import { auditSearch } from "../../src/domain/audit-query";
import { parseAnswer } from "./api-answers";
import { ApiError, MALFORMED_ANSWER_STATUS } from "./api-error";

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * The console's content and audit reads in the browser (issue 22 part 6), a chunk only their
 * loaders fetch. 404 (not staff) is null like every other SiteData read.
 */
async function read<T>(fetchFn: Fetch, origin: string, path: string, schema: z.ZodMiniType<{ data: { attributes: T } }>): Promise<T | null> {
  const response = await fetchFn(`${origin}/api${path}`, { headers: { accept: "application/json" } });
  if (response.status === 404) return null;
  if (!response.ok) throw new ApiError(response.status, `GET ${path} answered ${response.status}`);
  const parsed = parseAnswer(schema, await response.json().catch(() => undefined));
  if (!parsed.ok) throw new ApiError(MALFORMED_ANSWER_STATUS, `GET ${path}: unexpected answer (${parsed.detail})`);
  return parsed.value.data.attributes;
}

export function consoleContent(fetchFn: Fetch, origin: string, kind: ContentKind): Promise<ConsoleContent | null> {
  return read(fetchFn, origin, `/console/content/${kind}`, consoleContentAnswerSchema);
}

export function auditLog(fetchFn: Fetch, origin: string, query: AuditQuery): Promise<AuditPage | null> {
  const search = auditSearch(query);
  return read(fetchFn, origin, `/console/audit${search ? `?${search}` : ""}`, auditPageAnswerSchema);
}
