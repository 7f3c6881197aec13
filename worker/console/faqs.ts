import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError, fieldErrorsOf } from "../http/api-error";
import { staffActor, writeAudit } from "../audit/audit-log";
import { requireCapability } from "./capabilities";
import { addQuestion, changeQuestion, deleteQuestion, faqGroups, questionInput, type FaqWrite } from "../content/faqs";

/**
 * The console's FAQs section (Rovers TV's and the streamer's), behind staffOnly: the list for
 * `content.view`, the writes for `content.publish`.
 *   GET    /api/console/faqs            every group with its questions
 *   POST   /api/console/faqs            { groupId, heading, bodyHtml }: a question at the end of its group
 *   PUT    /api/console/faqs/:id        the same fields
 *   DELETE /api/console/faqs/:id
 * Every answer, refusals too, is audited as `faq.create`, `.update` or `.delete` with the question before and after.
 */
export const consoleFaqsApi = new Hono<AppEnv>();

const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
type Action = "faq.create" | "faq.update" | "faq.delete";

async function answer(c: Context<AppEnv>, action: Action, target: string | null, raw: unknown, write: () => Promise<FaqWrite>, okStatus: 200 | 201 = 200) {
  const actor = staffActor(c.get("user")?.ssoID ?? "unknown");
  const outcome = await write();
  if (!outcome.ok) {
    await writeAudit(c, { actor, action, target, status: outcome.status, detail: { via: "console", body: raw } });
    if (outcome.field) throw ApiError.fields(outcome.status, outcome.code, outcome.detail, [{ field: outcome.field, detail: "Choose a group from the list" }]);
    throw new ApiError(outcome.status, outcome.code, outcome.detail);
  }
  const id = outcome.after?.id ?? outcome.before?.id;
  await writeAudit(c, { actor, action, target: String(id), status: okStatus, detail: { via: "console", before: outcome.before, after: outcome.after } });
  return c.json({ data: { attributes: outcome.after ?? { deleted: outcome.before } } }, okStatus);
}

async function parsed(c: Context<AppEnv>, action: Action, target: string | null) {
  const raw: unknown = await c.req.json().catch(() => undefined);
  const body = questionInput.safeParse(raw ?? {});
  if (!body.success) {
    await writeAudit(c, { actor: staffActor(c.get("user")?.ssoID ?? "unknown"), action, target, status: 400, detail: { via: "console", body: raw } });
    throw ApiError.fields(400, "INVALID_INPUT", "Some fields need a change", fieldErrorsOf(body.error, "heading"));
  }
  return { raw, input: body.data };
}

function idOf(c: Context<AppEnv>): number {
  const id = idParam.safeParse(c.req.param("id"));
  if (!id.success) throw new ApiError(404, "FAQ_NOT_FOUND", "No such question");
  return id.data;
}

consoleFaqsApi.get("/faqs", requireCapability("content.view"), async (c) => c.json({ data: { attributes: { groups: await faqGroups(c.env.DB) } } }));
consoleFaqsApi.post("/faqs", requireCapability("content.publish"), async (c) => {
  const { raw, input } = await parsed(c, "faq.create", null);
  return answer(c, "faq.create", null, raw, () => addQuestion(c.env, input), 201);
});
consoleFaqsApi.put("/faqs/:id", requireCapability("content.publish"), async (c) => {
  const id = idOf(c);
  const { raw, input } = await parsed(c, "faq.update", String(id));
  return answer(c, "faq.update", String(id), raw, () => changeQuestion(c.env, id, input));
});
consoleFaqsApi.delete("/faqs/:id", requireCapability("content.publish"), async (c) => {
  const id = idOf(c);
  return answer(c, "faq.delete", String(id), null, () => deleteQuestion(c.env, id));
});
