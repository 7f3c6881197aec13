import { clientIp } from "../http/client-ip";
import type { Context } from "hono";

/**
 * The one writer of `admin_audit_log`: the bearer-token admin API (actor from X-Admin-Actor) and
 * the club's console (actor `staff:<account id>`) both record every change here, so the log
 * filtered by actor tells who did what, whichever door they came in by.
 */
export const AUDIT_DETAIL_MAX = 4096;

/** The body as stored in the audit log: JSON, cut to AUDIT_DETAIL_MAX characters. */
export function auditDetailText(detail: unknown): string | null {
  if (detail === undefined) return null;
  const text = JSON.stringify(detail);
  return text.length > AUDIT_DETAIL_MAX ? `${text.slice(0, AUDIT_DETAIL_MAX - 1)}…` : text;
}

export interface AuditEntry {
  actor: string;
  /** `METHOD path`, as the request came */
  action: string;
  target: string | null;
  status: number;
  detail: unknown;
}

export async function writeAudit(c: Context, entry: AuditEntry): Promise<void> {
  await c.env.DB.prepare("INSERT INTO admin_audit_log (actor, action, target, detail, status, ip) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
    .bind(entry.actor, entry.action, entry.target, auditDetailText(entry.detail), entry.status, clientIp(c))
    .run();
}

/** The audit actor of a console write: the staff account, by id (never its e-mail, which may change). */
export const staffActor = (accountId: string | number) => `staff:${accountId}`;
