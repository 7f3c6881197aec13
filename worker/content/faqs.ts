import { z } from "zod";
import { invalidateCache } from "../cache/kv-cache";
import { allRows, firstRow, rowSchema } from "../db/rows";

/**
 * The FAQs' writes (`faq_groups`, `faq_questions`), for the console's FAQs screen (/admin/faqs):
 * questions added to a group, changed and deleted. A write retires the whole content generation
 * (FAQs have no cache area of their own and change rarely), so /videos/faqs and the streamer's
 * FAQs show it on the next request. Answers are HTML, sanitised when read (worker/videos/queries.ts).
 */
const questionRow = rowSchema("faq questions with their group", {
  id: z.number(),
  group_id: z.number(),
  heading: z.string(),
  body_html: z.string(),
  position: z.number(),
});
const groupRow = rowSchema("faq groups", { id: z.number(), title: z.string(), scope: z.enum(["videos", "streamer"]), position: z.number() });

export interface FaqQuestionRow {
  id: number;
  groupId: number;
  heading: string;
  bodyHtml: string;
  position: number;
}
export interface FaqGroupRow {
  id: number;
  title: string;
  scope: "videos" | "streamer";
  questions: FaqQuestionRow[];
}

const toQuestion = (r: z.infer<typeof questionRow>): FaqQuestionRow => ({ id: r.id, groupId: r.group_id, heading: r.heading, bodyHtml: r.body_html, position: r.position });

/** Every group, Rovers TV's first then the streamer's, each with its questions in order. */
export async function faqGroups(db: D1Database): Promise<FaqGroupRow[]> {
  const [groups, questions] = await Promise.all([
    allRows(groupRow, db.prepare("SELECT id, title, scope, position FROM faq_groups ORDER BY scope = 'streamer', position, id")),
    allRows(questionRow, db.prepare("SELECT id, group_id, heading, body_html, position FROM faq_questions ORDER BY position, id")),
  ]);
  return groups.map((g) => ({ id: g.id, title: g.title, scope: g.scope, questions: questions.filter((q) => q.group_id === g.id).map(toQuestion) }));
}

export const questionInput = z.object({
  groupId: z.coerce.number({ error: "Choose a group" }).int().positive("Choose a group"),
  heading: z.string({ error: "Enter the question" }).trim().min(1, "Enter the question").max(300, "At most 300 characters"),
  bodyHtml: z.string({ error: "Enter the answer" }).trim().min(1, "Enter the answer").max(20_000, "At most 20,000 characters"),
});
export type QuestionInput = z.infer<typeof questionInput>;

export type FaqWrite = { ok: true; before: FaqQuestionRow | null; after: FaqQuestionRow | null } | { ok: false; status: 400 | 404; code: string; detail: string; field?: string };

const missing: FaqWrite = { ok: false, status: 404, code: "FAQ_NOT_FOUND", detail: "No such question: it may have been deleted" };
const noGroup: FaqWrite = { ok: false, status: 400, code: "INVALID_INPUT", detail: "Some fields need a change", field: "groupId" };

async function question(db: D1Database, id: number): Promise<FaqQuestionRow | null> {
  const row = await firstRow(questionRow, db.prepare("SELECT id, group_id, heading, body_html, position FROM faq_questions WHERE id = ?1").bind(id));
  return row ? toQuestion(row) : null;
}

/** Adds a question at the end of its group; the group must exist (checked in the INSERT itself). */
export async function addQuestion(env: Env, input: QuestionInput): Promise<FaqWrite> {
  const row = await firstRow(
    questionRow,
    env.DB.prepare(
      `INSERT INTO faq_questions (group_id, heading, body_html, position)
       SELECT id, ?2, ?3, (SELECT COALESCE(MAX(position) + 1, 0) FROM faq_questions WHERE group_id = ?1) FROM faq_groups WHERE id = ?1
       RETURNING id, group_id, heading, body_html, position`,
    ).bind(input.groupId, input.heading, input.bodyHtml),
  );
  if (!row) return noGroup;
  await invalidateCache(env);
  return { ok: true, before: null, after: toQuestion(row) };
}

/** Changes a question's text, or moves it to another group (at its end). */
export async function changeQuestion(env: Env, id: number, input: QuestionInput): Promise<FaqWrite> {
  const before = await question(env.DB, id);
  if (!before) return missing;
  const row = await firstRow(
    questionRow,
    env.DB.prepare(
      `UPDATE faq_questions SET heading = ?3, body_html = ?4,
         position = CASE WHEN group_id = ?2 THEN position ELSE (SELECT COALESCE(MAX(position) + 1, 0) FROM faq_questions WHERE group_id = ?2) END,
         group_id = ?2
       WHERE id = ?1 AND EXISTS (SELECT 1 FROM faq_groups WHERE id = ?2)
       RETURNING id, group_id, heading, body_html, position`,
    ).bind(id, input.groupId, input.heading, input.bodyHtml),
  );
  if (!row) return (await question(env.DB, id)) ? noGroup : missing;
  await invalidateCache(env);
  return { ok: true, before, after: toQuestion(row) };
}

export async function deleteQuestion(env: Env, id: number): Promise<FaqWrite> {
  const row = await firstRow(questionRow, env.DB.prepare("DELETE FROM faq_questions WHERE id = ?1 RETURNING id, group_id, heading, body_html, position").bind(id));
  if (!row) return missing;
  await invalidateCache(env);
  return { ok: true, before: toQuestion(row), after: null };
}
