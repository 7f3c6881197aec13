import * as z from "zod/mini";
import { POSITIONS } from "../domain/squad-rules";

/**
 * The console's Squads and players screen (/admin/players): the worker builds its answers with
 * these types (worker/squads/player-store.ts, worker/console/players.ts). Imported only by the
 * console's own chunks.
 */
export const consolePlayerSchema = z.object({
  id: z.number(),
  /** '' is the first team */
  teamSlug: z.string(),
  slug: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  position: z.enum(POSITIONS),
  squadNumber: z.nullable(z.number()),
  dateOfBirth: z.string(),
  nationality: z.string(),
  bio: z.string(),
  /** `media:{id}` or a generated artwork key */
  photo: z.string(),
  joined: z.string(),
  releasedOn: z.nullable(z.string()),
  loanKind: z.nullable(z.enum(["out", "in"])),
  loanClub: z.nullable(z.string()),
  loanFrom: z.nullable(z.string()),
  loanUntil: z.nullable(z.string()),
  /** moves on with every console write: a write names the one it read (409 PLAYER_CHANGED otherwise) */
  version: z.number(),
  /** where he is today, as his profile says it; null while simply in the squad */
  status: z.nullable(z.string()),
  /** whether the squad list shows him today */
  inSquad: z.boolean(),
});
export type ConsolePlayer = z.infer<typeof consolePlayerSchema>;

export interface SquadOptions {
  teams: { slug: string; name: string }[];
}
