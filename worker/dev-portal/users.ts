import { z } from "zod";
import type { Identity } from "../accounts/identity";
import { firstRow, rowSchema } from "../db/rows";
import type { InitialAccountData } from "../accounts/accounts";
import { constantTimeEqual } from "../auth/constant-time";
import { DEMO_PASSWORD, demoUserByEmail, demoUserById } from "./demo-users";
import { hashPassword, verifyPassword } from "./passwords";

/** People the dev portal knows: the demo fixture, then those who registered (D1 dev_portal_users). */
export interface PortalUser extends Identity {
  /** demo accounts bring their site data along (entitlements, bypassed, blocked) */
  fixture?: InitialAccountData;
}

const portalUserRow = rowSchema("dev_portal_users", { id: z.string(), email: z.string(), forename: z.string(), surname: z.string(), password_hash: z.string(), birthdate: z.string().nullable() });

/** A registered user as a token names them: the long form's date of birth goes along as OIDC's `birthdate`. */
const fromRow = (row: z.infer<typeof portalUserRow>): PortalUser => ({
  ssoID: row.id,
  email: row.email,
  forename: row.forename,
  surname: row.surname,
  ...(row.birthdate === null ? {} : { birthdate: row.birthdate }),
});

// A hash to compare against when the email is unknown, so unknown and known emails take as long.
let dummyHash: Promise<string> | null = null;

export async function findPortalUser(db: D1Database, id: string): Promise<PortalUser | null> {
  const demo = demoUserById(id);
  if (demo) return { ssoID: demo.id, email: demo.email, forename: demo.forename, surname: demo.surname, fixture: demo.account };
  const row = await firstRow(portalUserRow, db.prepare("SELECT * FROM dev_portal_users WHERE id = ?1").bind(id));
  return row ? fromRow(row) : null;
}

/** The user with this email and password, or null. The email is compared lowercased (spec §5). */
export async function authenticatePortalUser(db: D1Database, email: string, password: string): Promise<PortalUser | null> {
  const normalised = email.trim().toLowerCase();
  const demo = demoUserByEmail(normalised);
  if (demo) {
    const ok = await constantTimeEqual(password, DEMO_PASSWORD);
    return ok ? { ssoID: demo.id, email: demo.email, forename: demo.forename, surname: demo.surname, fixture: demo.account } : null;
  }
  const row = await firstRow(portalUserRow, db.prepare("SELECT * FROM dev_portal_users WHERE email = ?1").bind(normalised));
  if (!row) {
    dummyHash ??= hashPassword("not-a-real-password");
    await verifyPassword(password, await dummyHash);
    return null;
  }
  const ok = await verifyPassword(password, row.password_hash);
  return ok ? fromRow(row) : null;
}

export type RegisterOutcome = { ok: true; user: PortalUser } | { ok: false; reason: "exists" };

export async function registerPortalUser(
  db: D1Database,
  input: { email: string; forename: string; surname: string; password: string; birthdate?: string },
): Promise<RegisterOutcome> {
  const email = input.email.trim().toLowerCase();
  if (demoUserByEmail(email)) return { ok: false, reason: "exists" };
  const id = crypto.randomUUID();
  const hash = await hashPassword(input.password);
  const result = await db
    .prepare(
      "INSERT INTO dev_portal_users (id, email, forename, surname, password_hash, birthdate) VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (email) DO NOTHING",
    )
    .bind(id, email, input.forename.trim(), input.surname.trim(), hash, input.birthdate ?? null)
    .run();
  if ((result.meta.changes ?? 0) !== 1) return { ok: false, reason: "exists" };
  return { ok: true, user: { ssoID: id, email, forename: input.forename.trim(), surname: input.surname.trim(), ...(input.birthdate ? { birthdate: input.birthdate } : {}) } };
}
