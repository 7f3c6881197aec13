import { z } from "zod";
import { firstRow, rowSchema } from "../db/rows";
import { randomToken, sha256Base64Url } from "../auth/constant-time";

/** One-time codes the portal hands back with ?code= (like an OAuth authorization code). */
export const CODE_TTL_SECONDS = 60;

export async function issueCode(db: D1Database, input: { userId: string; redirectUri: string; clientId: string }): Promise<string> {
  const code = randomToken(32);
  const now = Math.floor(Date.now() / 1000);
  await db.batch([
    db.prepare("DELETE FROM dev_portal_codes WHERE expires_at < ?1").bind(now),
    db
      .prepare("INSERT INTO dev_portal_codes (code_hash, user_id, redirect_uri, client_id, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)")
      .bind(await sha256Base64Url(code), input.userId, input.redirectUri, input.clientId, now + CODE_TTL_SECONDS),
  ]);
  return code;
}

const codeRow = rowSchema("dev_portal_codes", { user_id: z.string(), redirect_uri: z.string(), client_id: z.string(), expires_at: z.number() });

/** Spends a code: it works once, only before it expires, and only with the redirect_uri and client it was issued for. */
export async function consumeCode(db: D1Database, input: { code: string; redirectUri: string; clientId: string }): Promise<string | null> {
  const row = await firstRow(
    codeRow,
    db.prepare("DELETE FROM dev_portal_codes WHERE code_hash = ?1 RETURNING user_id, redirect_uri, client_id, expires_at").bind(await sha256Base64Url(input.code)),
  );
  if (!row) return null;
  if (row.expires_at < Math.floor(Date.now() / 1000)) return null;
  if (row.redirect_uri !== input.redirectUri || row.client_id !== input.clientId) return null;
  return row.user_id;
}
