
/**
 * One console write from the browser: JSON to /api/console/…, same origin (the
 * console's writes need the site's Origin, which the browser sends). A refusal comes back with
 * its detail and each field's problem, for the form to show beside the field.
 */
export type WriteResult = { ok: true } | { ok: false; detail: string; fields: Record<string, string> };

export async function consoleWrite(method: "POST" | "PUT" | "DELETE", path: string, body?: unknown): Promise<WriteResult> {
  const result = await consoleWriteAnswer(method, path, body);
  return result.ok ? { ok: true } : result;
}

/** The same write, for the few whose answer the screen needs (a key just issued): the answer's JSON, unparsed. */
export async function consoleWriteAnswer(method: "POST" | "PUT" | "DELETE", path: string, body?: unknown): Promise<(WriteResult & { ok: false }) | { ok: true; answer: unknown }> {
  let response: Response;
  try {
    response = await fetch(`/api/console${path}`, {
      method,
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    return { ok: false, detail: "The console could not reach the site. Check the connection and try again.", fields: {} };
  }
  const answer: unknown = await response.json().catch(() => null);
  return response.ok ? { ok: true, answer } : refusalOf(response.status, answer);
}

/** A refused write's answer (`{ errors: [{ code, detail, field? }] }`) as the form shows it. */
export async function refusalOf(status: number, answer: unknown): Promise<WriteResult & { ok: false }> {
  // zod comes with the refusal, not with the page: a landing page's chunks carry none (scripts/build-client.mjs).
  const [z, { consoleWriteErrorSchema }] = await Promise.all([import("zod/mini"), import("../../schemas/console-content")]);
  const parsed = z.safeParse(consoleWriteErrorSchema, answer);
  const errors = parsed.success ? parsed.data.errors : [];
  const fields: Record<string, string> = {};
  for (const { field, detail } of errors) if (field !== undefined && !(field in fields)) fields[field] = detail;
  // Field errors are shown beside their fields; the form's own line then only says that some need a change.
  const general = errors.find((e) => e.field === undefined)?.detail;
  const detail = general ?? (Object.keys(fields).length > 0 ? "Some fields need a change." : `The change was refused (${status}).`);
  return { ok: false, detail, fields };
}
