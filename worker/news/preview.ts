import { jwtVerify, SignJWT } from "jose";
import { z } from "zod";
import { sanitizeHtml } from "../html/sanitize-html";
import type { ArticleRow } from "./articles";

/**
 * Article previews: /news/preview/{id} shows an article's working copy, whatever its state, to
 * staff who may read the console's news, or to anyone holding a share link: a token signed with
 * the site's session secret (HS256, its own audience, so no other site token passes for it),
 * naming the one article, read-only, that expires after the time staff chose.
 */
export const PREVIEW_AUDIENCE = "article-preview";
const ISSUER = "northbridge-rovers-site";
/** The lifetimes staff may choose for a share link: an hour, a day, a week. */
export const SHARE_HOURS = [1, 24, 168] as const;

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signPreviewToken(secret: string, articleId: number, hours: number, now: Date): Promise<{ token: string; expiresAt: string }> {
  const exp = Math.floor(now.getTime() / 1000) + hours * 3600;
  const token = await new SignJWT({ article: articleId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(PREVIEW_AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(exp)
    .sign(key(secret));
  return { token, expiresAt: new Date(exp * 1000).toISOString() };
}

/** The article a share token opens and until when, or null (forged, expired, another audience, another shape). */
export async function previewTokenArticle(secret: string, token: string): Promise<{ articleId: number; expiresAt: string } | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { issuer: ISSUER, audience: PREVIEW_AUDIENCE, algorithms: ["HS256"], requiredClaims: ["exp", "article"] });
    const parsed = z.object({ article: z.number().int().positive(), exp: z.number() }).safeParse(payload);
    return parsed.success ? { articleId: parsed.data.article, expiresAt: new Date(parsed.data.exp * 1000).toISOString() } : null;
  } catch {
    return null;
  }
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The preview page: the article as it stands, under a banner that says it is a preview, never indexed. */
export function previewHtml(article: ArticleRow, sharedUntil: string | null): string {
  const note = sharedUntil ? `A shared preview, read-only, until ${escape(sharedUntil.slice(0, 16).replace("T", " "))} UTC.` : `State: ${escape(article.status)}${article.pending === 1 ? ", with edits not live yet" : ""}.`;
  return `<!DOCTYPE html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>Preview: ${escape(article.title)} | Northbridge Rovers FC</title>
<style>body{font-family:system-ui,sans-serif;margin:0;color:#111;line-height:1.5}.preview-banner{background:#7a0010;color:#fff;padding:.75rem 1rem;font-weight:600}main{max-width:46rem;margin:0 auto;padding:1rem}img{max-width:100%;height:auto}blockquote{border-left:4px solid #7a0010;margin:1rem 0;padding-left:1rem}</style>
</head><body><p class="preview-banner" role="status"><strong>Preview</strong> — not published as shown. ${note}</p>
<main><article><h1>${escape(article.title)}</h1>${article.summary ? `<p><strong>${escape(article.summary)}</strong></p>` : ""}
${article.author ? `<p>By ${escape(article.author)}</p>` : ""}<div>${sanitizeHtml(article.body_html)}</div></article></main></body></html>
`;
}
