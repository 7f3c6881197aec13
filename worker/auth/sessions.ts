import { compactDecrypt, CompactEncrypt } from "jose";
import { z } from "zod";
import { firstRow, rowSchema } from "../db/rows";

/**
 * Server-side session state in D1: the revocation list (logout) and what an external provider
 * gave us to refresh or sign out a session. Provider state holds refresh tokens, so it is
 * encrypted (A256GCM) with a key derived from SESSION_SECRET before it is stored.
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();

async function stateKey(sessionSecret: string): Promise<Uint8Array> {
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(`provider-state:${sessionSecret}`));
  return new Uint8Array(digest);
}

export async function sealProviderState(sessionSecret: string, state: string): Promise<string> {
  return new CompactEncrypt(encoder.encode(state))
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .encrypt(await stateKey(sessionSecret));
}

export async function openProviderState(sessionSecret: string, sealed: string): Promise<string | null> {
  try {
    const { plaintext } = await compactDecrypt(sealed, await stateKey(sessionSecret), {
      keyManagementAlgorithms: ["dir"],
      contentEncryptionAlgorithms: ["A256GCM"],
    });
    return decoder.decode(plaintext);
  } catch {
    return null;
  }
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function revokeSession(db: D1Database, session: { sid: string; ssoID: string; exp: number }): Promise<void> {
  await db.batch([
    db
      .prepare("INSERT INTO revoked_sessions (sid, sso_id, expires_at) VALUES (?1, ?2, ?3) ON CONFLICT (sid) DO NOTHING")
      .bind(session.sid, session.ssoID, session.exp),
    db.prepare("DELETE FROM provider_sessions WHERE sid = ?1").bind(session.sid),
    // housekeeping: entries whose cookie has expired anyway
    db.prepare("DELETE FROM revoked_sessions WHERE expires_at < ?1").bind(nowSeconds()),
    db.prepare("DELETE FROM provider_sessions WHERE expires_at < ?1").bind(nowSeconds()),
  ]);
}

/** Keeps a provider's session state (sealed) beside the site session it belongs to, to refresh after `refreshAfter`. */
export async function saveProviderSession(
  db: D1Database,
  config: { sessionSecret: string; provider: string },
  session: { sid: string; sub: string; exp: number },
  state: string,
  refreshAfter: number,
): Promise<void> {
  const sealed = await sealProviderState(config.sessionSecret, state);
  await db
    .prepare(
      `INSERT INTO provider_sessions (sid, sso_id, provider, state, refresh_after, expires_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6)
       ON CONFLICT (sid) DO UPDATE SET state = excluded.state, refresh_after = excluded.refresh_after`,
    )
    .bind(session.sid, session.sub, config.provider, sealed, refreshAfter, session.exp)
    .run();
}

/**
 * Claims the right to refresh a session: only the request whose conditional update wins goes to
 * the provider, so parallel requests do not spend one rotating refresh token twice.
 */
export async function claimRefresh(db: D1Database, sid: string, seenRefreshAfter: number, nextRefreshAfter: number): Promise<boolean> {
  const result = await db
    .prepare("UPDATE provider_sessions SET refresh_after = ?3 WHERE sid = ?1 AND refresh_after = ?2")
    .bind(sid, seenRefreshAfter, nextRefreshAfter)
    .run();
  return (result.meta.changes ?? 0) === 1;
}

const providerStateRow = rowSchema("provider_sessions", { state: z.string() });

export async function loadProviderState(db: D1Database, sessionSecret: string, sid: string): Promise<string | null> {
  const row = await firstRow(providerStateRow, db.prepare("SELECT state FROM provider_sessions WHERE sid = ?1").bind(sid));
  return row ? openProviderState(sessionSecret, row.state) : null;
}
