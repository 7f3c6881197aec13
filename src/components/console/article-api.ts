import type { ArticleFields, ConsoleArticle } from "../../schemas/console-articles";

/**
 * The article editor's calls to /api/console/news/articles (worker/console/articles.ts). Each
 * answers the article as saved, or why not: a field's problem (shown beside it), a version
 * conflict (someone else saved first), an ended session (the text stays in the page), or another
 * refusal. A 404 from this API, which exists, means the console no longer knows the browser: the
 * session ended with its signed-in mark, so it is told as an ended session too.
 */
export type ArticleCall =
  | { ok: true; article: ConsoleArticle }
  | { ok: false; kind: "fields" | "conflict" | "session" | "refused"; detail: string; fields: Record<string, string> };

export const SESSION_ENDED = "Your session has expired. Sign in again in another tab; your changes are kept here.";

type ErrorBody = { errors?: { code?: unknown; detail?: unknown; field?: unknown }[] };

export async function articleCall(method: "GET" | "POST" | "PUT", path: string, body?: unknown): Promise<ArticleCall> {
  let response: Response;
  try {
    response = await fetch(`/api/console/news/articles${path}`, {
      method,
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    return { ok: false, kind: "refused", detail: "The console could not reach the site. Your changes are kept here; try again.", fields: {} };
  }
  const answer = (await response.json().catch(() => null)) as ({ data?: { attributes?: ConsoleArticle } } & ErrorBody) | null;
  if (response.ok && answer?.data?.attributes) return { ok: true, article: answer.data.attributes };
  const errors = (answer?.errors ?? []).map((e) => ({ code: String(e.code ?? ""), detail: String(e.detail ?? ""), field: typeof e.field === "string" ? e.field : undefined }));
  const fields: Record<string, string> = {};
  for (const e of errors) if (e.field && !(e.field in fields)) fields[e.field] = e.detail;
  const first = errors.find((e) => e.field === undefined);
  if (response.status === 401 || (response.status === 404 && first?.detail.startsWith("No API route"))) return { ok: false, kind: "session", detail: SESSION_ENDED, fields };
  if (response.status === 409 && first?.code === "VERSION_CONFLICT") return { ok: false, kind: "conflict", detail: first.detail, fields };
  if (Object.keys(fields).length > 0) return { ok: false, kind: "fields", detail: "Some fields need a change.", fields };
  return { ok: false, kind: "refused", detail: first?.detail ?? `The change was refused (${response.status}).`, fields };
}

export type RevisionFields = { id: number; version: number; action: string; at: string; by: string; fields: ArticleFields };

export async function revisionOf(articleId: number, revisionId: number): Promise<RevisionFields | null> {
  try {
    const response = await fetch(`/api/console/news/articles/${articleId}/revisions/${revisionId}`, { credentials: "same-origin", headers: { accept: "application/json" } });
    if (!response.ok) return null;
    return ((await response.json()) as { data: { attributes: RevisionFields } }).data.attributes;
  } catch {
    return null;
  }
}

export type ShareLink = { url: string; expiresAt: string };

/** A signed, read-only preview link to the article's saved text, good for `hours`. */
export async function shareLink(articleId: number, hours: number): Promise<{ ok: true; link: ShareLink } | { ok: false; detail: string }> {
  try {
    const response = await fetch(`/api/console/news/articles/${articleId}/share`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ hours }),
    });
    if (!response.ok) return { ok: false, detail: `The link could not be made (${response.status}).` };
    return { ok: true, link: ((await response.json()) as { data: ShareLink }).data };
  } catch {
    return { ok: false, detail: "The console could not reach the site. Try again." };
  }
}
