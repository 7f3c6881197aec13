import { auditPageAnswerSchema, consoleContentAnswerSchema, type AuditPage, type AuditQuery, type ConsoleContent, type ContentKind } from "../../src/schemas/console-content";
import { auditSearch } from "../../src/domain/audit-query";
import { consoleRead, type Fetch } from "./console-data";

/**
 * The console's content and audit reads in the browser (issue 22 part 6), a chunk only their
 * loaders fetch. 404 (not staff) is null like every other SiteData read.
 */
export function consoleContent(fetchFn: Fetch, origin: string, kind: ContentKind): Promise<ConsoleContent | null> {
  return consoleRead(fetchFn, origin, `/console/content/${kind}`, consoleContentAnswerSchema);
}

export function auditLog(fetchFn: Fetch, origin: string, query: AuditQuery): Promise<AuditPage | null> {
  const search = auditSearch(query);
  return consoleRead(fetchFn, origin, `/console/audit${search ? `?${search}` : ""}`, auditPageAnswerSchema);
}
