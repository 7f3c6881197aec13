import type { Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError, fieldErrorsOf } from "../http/api-error";
import { staffActor, writeAudit } from "../audit/audit-log";

/**
 * The steps every football-operations write of the console shares (fixtures, squads, the league
 * table): the JSON body (undefined when it is not JSON), its check (400 INVALID_INPUT with each
 * field's problem), and the audit of whatever the write answers: its detail (the row before and
 * after) on success, the refusal's code and the body sent on a refusal.
 */
type Ctx = Context<AppEnv>;

export const jsonBody = (c: Ctx): Promise<unknown> => c.req.json().catch(() => undefined);

/** 400 INVALID_INPUT naming each field's problem: the console shows each beside its field. */
export const fieldsRefused = (problems: { field: string; detail: string }[]) => ApiError.fields(400, "INVALID_INPUT", "Some fields need a change", problems);

export function parsedBody<T extends z.ZodType>(schema: T, raw: unknown): z.output<T> {
  const result = schema.safeParse(raw ?? {});
  if (!result.success) throw fieldsRefused(fieldErrorsOf(result.error));
  return result.data;
}

/** Runs one write and audits it, whatever it answers; its answer goes back as `{data: {attributes}}`. */
export async function auditedWrite(c: Ctx, action: string, target: string | null, body: unknown, write: () => Promise<{ detail: object; answer: unknown; status?: 200 | 201 }>) {
  const actor = staffActor(c.get("user")?.ssoID ?? "unknown");
  try {
    const { detail, answer, status = 200 } = await write();
    await writeAudit(c, { actor, action, target, status, detail: { via: "console", ...detail } });
    return c.json({ data: { attributes: answer } }, status);
  } catch (error) {
    if (error instanceof ApiError) await writeAudit(c, { actor, action, target, status: error.status, detail: { via: "console", code: error.code, body } });
    throw error;
  }
}
