import { z } from "zod";
import { endStreamsOf } from "../../durable-objects/stream-release";
import { setBlocked, setBypassed, setStaff, signOutEverywhere, type AccountRow } from "./accounts";

/**
 * What the club may do to an account, and what follows each change: the one set of rules behind
 * both doors, the bearer-token admin API (worker/club-api/routes.ts) and the staff console
 * (worker/console/accounts.ts). A block or a sign-out everywhere ends the account's live streams
 * once the change is stored: their tokens stop at the next playlist, their sockets
 * close, and an unblock later does not bring an old token back, because its session stays released.
 */
export const ACCOUNT_ACTIONS = ["block", "unblock", "sign-out", "bypass", "unbypass", "grant-staff", "revoke-staff"] as const;
export type AccountAction = (typeof ACCOUNT_ACTIONS)[number];

const blockBody = z.object({ reason: z.enum(["administrator", "country"]).default("administrator") });

interface ActionRule {
  /** Stores the change; null when there is no such account. Throws a ZodError for a refused body. */
  change(db: D1Database, ssoID: string, body: unknown): Promise<AccountRow | null>;
  /** Set: the account's live streams end, with this reason, after the change is stored. */
  endsStreams?: string;
}

const RULES: Record<AccountAction, ActionRule> = {
  block: { change: (db, id, body) => setBlocked(db, id, true, blockBody.parse(body ?? {}).reason), endsStreams: "Blocked by an administrator" },
  unblock: { change: (db, id) => setBlocked(db, id, false) },
  "sign-out": { change: (db, id) => signOutEverywhere(db, id), endsStreams: "Signed out everywhere" },
  bypass: { change: (db, id) => setBypassed(db, id, true) },
  unbypass: { change: (db, id) => setBypassed(db, id, false) },
  "grant-staff": { change: (db, id) => setStaff(db, id, true) },
  "revoke-staff": { change: (db, id) => setStaff(db, id, false) },
};

/** Applies an action to the account `ssoID`: the stored change, then its streams' end when the rule says so. */
export async function runAccountAction(env: Env, action: AccountAction, ssoID: string, body: unknown = {}): Promise<AccountRow | null> {
  const rule = RULES[action];
  const row = await rule.change(env.DB, ssoID, body);
  if (row && rule.endsStreams) await endStreamsOf(env, row.sso_id, rule.endsStreams);
  return row;
}
