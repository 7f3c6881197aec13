import { settingsOf } from "../env";

/** A match's MatchRoom object (durable-objects/MatchRoom.ts): one per match, named by its id. */
export function matchRoom(env: Env, matchID: number) {
  const namespace = settingsOf(env).bindings.MATCH_ROOMS;
  return namespace.get(namespace.idFromName(String(matchID)));
}

/** A match id as routes take it: digits only, so a room is never made for a name that is no match. */
export const MATCH_ID = /^[0-9]{1,9}$/;
