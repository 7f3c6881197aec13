import { requireCapability } from "./capabilities";
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { auditQueryOf, dayAfter } from "../../src/domain/audit-query";
import { z } from "zod";
import { allRows, rowSchema } from "../db/rows";
import { AUDIT_PAGE_SIZE, type AuditPage, type AuditPageAnswer, type AuditQuery } from "../../src/schemas/console-content";

/**
 * The audit log for staff: every admin API call and console write, newest first,
 * filtered by actor, by text in the action or target, and by UTC days; a page is 50 entries.
 * Pages are marked by id ("older than #n"), so each one walks the primary key down from its mark
 * and reads its page, however deep it is, instead of an OFFSET that counts every row before it.
 *
 *   GET /api/console/audit?actor=&q=&from=YYYY-MM-DD&to=YYYY-MM-DD&before=<id>
 */
const auditRow = rowSchema("admin_audit_log", {
  id: z.number(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  status: z.number(),
  ip: z.string(),
  detail: z.string().nullable(),
});

export async function auditPage(db: D1Database, query: AuditQuery): Promise<AuditPage> {
  const where: string[] = [];
  const binds: (string | number)[] = [];
  const bind = (sql: string, value: string | number) => {
    binds.push(value);
    where.push(sql.replaceAll("?", `?${binds.length}`));
  };
  // instr, not LIKE: what staff type is found as it is, % and _ included.
  if (query.actor) bind("instr(lower(actor), lower(?)) > 0", query.actor);
  if (query.q) bind("(instr(lower(action), lower(?)) > 0 OR instr(lower(COALESCE(target, '')), lower(?)) > 0)", query.q);
  if (query.from) bind("at >= ?", `${query.from}T00:00:00.000Z`);
  if (query.to) bind("at < ?", dayAfter(query.to));
  if (query.before) bind("id < ?", query.before);
  const sql = `SELECT id, at, actor, action, target, status, ip, detail FROM admin_audit_log ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY id DESC LIMIT ${AUDIT_PAGE_SIZE + 1}`;
  const results = await allRows(auditRow, db.prepare(sql).bind(...binds));
  const entries = results.slice(0, AUDIT_PAGE_SIZE);
  return { entries, nextBefore: results.length > AUDIT_PAGE_SIZE ? (entries.at(-1)?.id ?? null) : null };
}

export const consoleAuditApi = new Hono<AppEnv>();

consoleAuditApi.get("/audit", requireCapability("audit.view"), async (c) => {
  const answer: AuditPageAnswer = { data: { attributes: await auditPage(c.env.DB, auditQueryOf(new URL(c.req.url).searchParams)) } };
  return c.json(answer);
});
