import { z } from "zod";
import { allRows, firstRow, rowSchema } from "../db/rows";
import { invalidateCache } from "../cache/kv-cache";
import { ApiError } from "../http/api-error";
import { formatInClubTime } from "../../src/domain/date-format";
import { slugify, uniqueSlug } from "../../src/domain/slug";
import { inSquad, portraitKey, POSITIONS, shirtHolder, squadState, statusLine, type CheckedPlayer, type SquadFacts } from "../../src/domain/squad-rules";
import type { ConsolePlayer, SquadOptions } from "../../src/schemas/console-players";

/**
 * The club's players as the console writes them (/admin/players): a signing, an edit (a move
 * between teams is one), a loan out, a release. No row is ever deleted, so line-ups, match events
 * and reports keep naming a player who left. Every write names the version it read and keeps the
 * shirt rule in its own statement (NOT EXISTS over the team's holders), so two staff writing at
 * once cannot both pass; each retires the content cache, so the team and player pages follow.
 */

/** Today's date in London: the day a loan or a release is counted on. */
export const londonToday = (now: Date): string => formatInClubTime(now, "YYYY-MM-DD");

const playerRow = rowSchema("players (console)", {
  id: z.number(),
  team_slug: z.string(),
  slug: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  position: z.enum(POSITIONS),
  squad_number: z.number().nullable(),
  date_of_birth: z.string(),
  nationality: z.string(),
  bio: z.string(),
  image_key: z.string(),
  joined: z.string(),
  released_on: z.string().nullable(),
  loan_kind: z.enum(["out", "in"]).nullable(),
  loan_club: z.string().nullable(),
  loan_from: z.string().nullable(),
  loan_until: z.string().nullable(),
  version: z.number(),
});
type PlayerRow = z.infer<typeof playerRow>;

const SELECT = `SELECT p.id, t.slug AS team_slug, p.slug, p.first_name, p.last_name, p.position, p.squad_number, p.date_of_birth,
    p.nationality, p.bio, p.image_key, p.joined, p.released_on, p.loan_kind, p.loan_club, p.loan_from, p.loan_until, p.version
  FROM players p JOIN teams t ON t.id = p.team_id`;

const factsOf = (r: PlayerRow): SquadFacts => ({
  id: r.id,
  squadNumber: r.squad_number,
  releasedOn: r.released_on,
  loanKind: r.loan_kind,
  loanClub: r.loan_club,
  loanFrom: r.loan_from,
  loanUntil: r.loan_until,
});

function toPlayer(r: PlayerRow, today: string): ConsolePlayer {
  const facts = factsOf(r);
  return {
    id: r.id,
    teamSlug: r.team_slug,
    slug: r.slug,
    firstName: r.first_name,
    lastName: r.last_name,
    position: r.position,
    squadNumber: r.squad_number,
    dateOfBirth: r.date_of_birth,
    nationality: r.nationality,
    bio: r.bio,
    photo: r.image_key,
    joined: r.joined,
    releasedOn: r.released_on,
    loanKind: r.loan_kind,
    loanClub: r.loan_club,
    loanFrom: r.loan_from,
    loanUntil: r.loan_until,
    version: r.version,
    status: statusLine(squadState(facts, today)),
    inSquad: inSquad(facts, today),
  };
}

/** What the audit log keeps of a player: every field, the biography cut short (the log's detail has a size limit). */
export const auditView = (p: ConsolePlayer) => ({ ...p, bio: p.bio.length > 200 ? `${p.bio.slice(0, 200)}…` : p.bio });

export async function squadOptions(db: D1Database): Promise<SquadOptions> {
  const teams = await allRows(rowSchema("teams (options)", { slug: z.string(), name: z.string() }), db.prepare("SELECT slug, name FROM teams ORDER BY sort_order, id"));
  return { teams };
}

/** Every player of a team, those gone too (the screen lists them apart), by position and number. */
export async function teamPlayers(db: D1Database, teamSlug: string, today: string): Promise<ConsolePlayer[]> {
  const rows = await allRows(
    playerRow,
    db.prepare(
      `${SELECT} WHERE t.slug = ?1 ORDER BY CASE p.position WHEN 'Goalkeeper' THEN 0 WHEN 'Defender' THEN 1 WHEN 'Midfielder' THEN 2 ELSE 3 END,
         p.squad_number IS NULL, p.squad_number, p.last_name, p.first_name`,
    ).bind(teamSlug),
  );
  return rows.map((r) => toPlayer(r, today));
}

export async function playerById(db: D1Database, id: number, today: string): Promise<ConsolePlayer | null> {
  const row = await firstRow(playerRow, db.prepare(`${SELECT} WHERE p.id = ?1`).bind(id));
  return row ? toPlayer(row, today) : null;
}

const notFound = () => new ApiError(404, "PLAYER_NOT_FOUND", "No such player");
const changedMeanwhile = () => new ApiError(409, "PLAYER_CHANGED", "Someone changed this player meanwhile: reload and try again");
const shirtTaken = (number: number, holder: { firstName: string; lastName: string }) =>
  ApiError.fields(409, "SHIRT_TAKEN", "Some fields need a change", [{ field: "shirtNumber", detail: `No. ${number} is taken by ${holder.firstName} ${holder.lastName} in this squad` }]);

/** 409 SHIRT_TAKEN when another player of the team holds the number today; the team's players otherwise (their slugs are taken). */
async function checkShirt(db: D1Database, p: CheckedPlayer, selfId: number | null, today: string) {
  const squad = await teamPlayers(db, p.teamSlug, today);
  const holder = shirtHolder(squad, p.squadNumber, selfId, today);
  if (holder && p.squadNumber !== null) throw shirtTaken(p.squadNumber, holder);
  return squad;
}

/**
 * The shirt rule inside the write (holdsShirt of src/domain/squad-rules.ts in SQL): nobody else of
 * the team holds number ?N on day ?D. ?T is the team's slug, ?S the player's own id (0 for a new one).
 */
const SHIRT_FREE = (t: string, n: string, s: string, d: string) => `NOT EXISTS (SELECT 1 FROM players q
  WHERE q.team_id = (SELECT id FROM teams WHERE slug = ${t}) AND q.squad_number = ${n} AND q.id != ${s}
    AND (q.released_on IS NULL OR q.released_on > ${d})
    AND NOT (q.loan_kind = 'in' AND q.loan_until IS NOT NULL AND q.loan_until < ${d}))`;

const loanBinds = (p: CheckedPlayer) => [p.loan?.kind ?? null, p.loan?.club ?? null, p.loan?.from ?? null, p.loan?.until ?? null];

/** A signing: a new player of the team, his slug unique in it; a loan in when the form names one. */
export async function createPlayer(env: Pick<Env, "DB" | "CACHE">, p: CheckedPlayer, today: string): Promise<ConsolePlayer> {
  const squad = await checkShirt(env.DB, p, null, today);
  const slug = uniqueSlug(slugify(`${p.firstName} ${p.lastName}`), new Set(squad.map((s) => s.slug)));
  const inserted = await env.DB.prepare(
    `INSERT INTO players (team_id, slug, first_name, last_name, position, squad_number, nationality, date_of_birth, joined, image_key, bio,
       loan_kind, loan_club, loan_from, loan_until)
     SELECT t.id, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15 FROM teams t
     WHERE t.slug = ?1 AND ${SHIRT_FREE("?1", "?6", "0", "?9")} RETURNING id`,
  )
    .bind(p.teamSlug, slug, p.firstName, p.lastName, p.position, p.squadNumber, p.nationality, p.dateOfBirth, today, portraitKey(p.photo, slug), p.bio, ...loanBinds(p))
    .first<{ id: number }>();
  if (!inserted) {
    // Another signing took the number between the check and the write.
    await checkShirt(env.DB, p, null, today);
    throw changedMeanwhile();
  }
  await invalidateCache(env);
  return (await playerById(env.DB, inserted.id, today))!;
}

export type PlayerWrite = { before: ConsolePlayer; after: ConsolePlayer };

async function existing(db: D1Database, id: number, version: number, today: string): Promise<ConsolePlayer> {
  const before = await playerById(db, id, today);
  if (!before) throw notFound();
  if (before.version !== version) throw changedMeanwhile();
  return before;
}

/** After a guarded write changed nothing: someone else wrote first, or took the number. */
async function whyUnchanged(db: D1Database, p: CheckedPlayer, id: number, version: number, today: string): Promise<never> {
  const now = await playerById(db, id, today);
  if (!now || now.version !== version) throw changedMeanwhile();
  await checkShirt(db, p, id, today);
  throw changedMeanwhile();
}

/** An edit of every field; a new team moves him (his slug made unique there), his number checked in that squad. */
export async function editPlayer(env: Pick<Env, "DB" | "CACHE">, id: number, version: number, p: CheckedPlayer, today: string): Promise<PlayerWrite> {
  const before = await existing(env.DB, id, version, today);
  const squad = await checkShirt(env.DB, p, id, today);
  const slug = p.teamSlug === before.teamSlug ? before.slug : uniqueSlug(before.slug, new Set(squad.map((s) => s.slug)));
  const updated = await env.DB.prepare(
    `UPDATE players SET team_id = (SELECT id FROM teams WHERE slug = ?1), slug = ?2, first_name = ?3, last_name = ?4, position = ?5,
       squad_number = ?6, nationality = ?7, date_of_birth = ?8, image_key = ?9, bio = ?10,
       loan_kind = ?11, loan_club = ?12, loan_from = ?13, loan_until = ?14, version = version + 1
     WHERE id = ?15 AND version = ?16 AND ${SHIRT_FREE("?1", "?6", "?15", "?17")}`,
  )
    .bind(p.teamSlug, slug, p.firstName, p.lastName, p.position, p.squadNumber, p.nationality, p.dateOfBirth, portraitKey(p.photo, slug), p.bio, ...loanBinds(p), id, version, today)
    .run();
  if ((updated.meta.changes ?? 0) === 0) await whyUnchanged(env.DB, p, id, version, today);
  await invalidateCache(env);
  return { before, after: (await playerById(env.DB, id, today))! };
}

/** A loan out to a named club, from one day to another: he leaves the squad list while it runs. */
export async function loanOut(env: Pick<Env, "DB" | "CACHE">, id: number, version: number, loan: { club: string; from: string; until: string }, today: string): Promise<PlayerWrite> {
  const before = await existing(env.DB, id, version, today);
  if (before.releasedOn !== null) throw new ApiError(409, "PLAYER_RELEASED", "This player has left the club");
  const updated = await env.DB.prepare(
    "UPDATE players SET loan_kind = 'out', loan_club = ?1, loan_from = ?2, loan_until = ?3, version = version + 1 WHERE id = ?4 AND version = ?5 AND released_on IS NULL",
  )
    .bind(loan.club, loan.from, loan.until, id, version)
    .run();
  if ((updated.meta.changes ?? 0) === 0) throw changedMeanwhile();
  await invalidateCache(env);
  return { before, after: (await playerById(env.DB, id, today))! };
}

/**
 * A release: he leaves the squad today and frees his number; the row stays, so past line-ups,
 * events and reports still name him and his profile says he left.
 */
export async function releasePlayer(env: Pick<Env, "DB" | "CACHE">, id: number, version: number, today: string): Promise<PlayerWrite> {
  const before = await existing(env.DB, id, version, today);
  if (before.releasedOn !== null) throw new ApiError(409, "PLAYER_RELEASED", "This player has left the club");
  const updated = await env.DB.prepare("UPDATE players SET released_on = ?1, version = version + 1 WHERE id = ?2 AND version = ?3 AND released_on IS NULL")
    .bind(today, id, version)
    .run();
  if ((updated.meta.changes ?? 0) === 0) throw changedMeanwhile();
  await invalidateCache(env);
  return { before, after: (await playerById(env.DB, id, today))! };
}
