/**
 * The audit writer lives in worker/audit/ (a folder of its own, so the console can write through it
 * without importing the admin API's folder, which imports live/, which imports console/). This
 * name stays for the admin API's imports.
 */
export { AUDIT_DETAIL_MAX, auditDetailText, staffActor, writeAudit, type AuditEntry } from "../audit/audit-log";
