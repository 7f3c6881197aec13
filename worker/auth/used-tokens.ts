/**
 * Login tokens spent on a sign-in (D1 table used_login_tokens): a token works once. Rows live
 * until the token would have expired anyway, so the table stays as small as the 5-minute window.
 */
export async function spendLoginToken(db: D1Database, token: { id: string; expiresAt: number }, now = Date.now()): Promise<boolean> {
  const nowSeconds = Math.floor(now / 1000);
  const [, inserted] = await db.batch([
    db.prepare("DELETE FROM used_login_tokens WHERE expires_at < ?1").bind(nowSeconds),
    db.prepare("INSERT INTO used_login_tokens (token_id, expires_at) VALUES (?1, ?2) ON CONFLICT (token_id) DO NOTHING").bind(token.id, token.expiresAt),
  ]);
  return (inserted?.meta.changes ?? 0) === 1;
}
