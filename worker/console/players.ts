import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError } from "../http/api-error";
import { requireCapability } from "./capabilities";
import { auditedWrite, fieldsRefused, jsonBody, parsedBody } from "./audited-write";
import { checkPlayer, isDay, teamSlugOf } from "../../src/domain/squad-rules";
import { auditView, createPlayer, editPlayer, loanOut, londonToday, releasePlayer, squadOptions, teamPlayers } from "../squads/player-store";

/**
 * The console's Squads and players (/admin/players), behind staffOnly, the console's Origin check
 * and `squads.manage`:
 *   GET  /api/console/players?team=             a team's players, those away or gone too
 *   POST /api/console/players                   a signing (the form's fields; a loan in when it names one)
 *   PUT  /api/console/players/{id}              an edit of every field, `version` the one read; a new team moves him
 *   POST /api/console/players/{id}/loan-out     { club, from, until, version }
 *   POST /api/console/players/{id}/release      { version }: he leaves the squad, kept for history
 * Every write, refusals too, is audited as `players.*` with the player before and after. Today is
 * the London date of the request, so a loan starts and ends by itself.
 */
export const consolePlayersApi = new Hono<AppEnv>();
consolePlayersApi.use("/players", requireCapability("squads.manage"));
consolePlayersApi.use("/players/*", requireCapability("squads.manage"));

const text = (max: number) => z.string({ error: "Enter a value" }).max(max, `At most ${max} characters`);
const version = z.number({ error: "The version of the player you read" }).int().min(0);
const playerInput = z.object({
  team: text(80),
  firstName: text(200),
  lastName: text(200),
  position: text(20),
  shirtNumber: z.union([z.string().max(10), z.number().int()]).transform(String).default(""),
  dateOfBirth: text(20),
  nationality: text(200),
  bio: text(6000).default(""),
  photo: text(120).default(""),
  loanKind: text(10).default("none"),
  loanClub: text(200).default(""),
  loanFrom: text(20).default(""),
  loanUntil: text(20).default(""),
});
const editInput = playerInput.extend({ version });
const loanInput = z.object({ club: text(120), from: text(20), until: text(20), version });
const releaseInput = z.object({ version });
const ID = /^[1-9][0-9]{0,8}$/;

type Ctx = Context<AppEnv>;




async function checked(c: Ctx, fields: z.output<typeof playerInput>, today: string) {
  const teams = (await squadOptions(c.env.DB)).teams.map((t) => t.slug);
  const result = checkPlayer(fields, teams, today);
  if (!result.ok) throw fieldsRefused(result.problems);
  return result.player;
}

function idOf(c: Ctx): number {
  const id = c.req.param("id") ?? "";
  if (!ID.test(id)) throw new ApiError(404, "PLAYER_NOT_FOUND", "No such player");
  return Number(id);
}

consolePlayersApi.get("/players", async (c) => {
  const team = teamSlugOf(z.string().max(80).catch("first-team").parse(c.req.query("team") ?? "first-team"));
  const options = await squadOptions(c.env.DB);
  if (!options.teams.some((t) => t.slug === team)) throw new ApiError(404, "TEAM_NOT_FOUND", "No such team");
  return c.json({ data: { attributes: { players: await teamPlayers(c.env.DB, team, londonToday(new Date())) } } });
});

consolePlayersApi.post("/players", async (c) => {
  const raw = await jsonBody(c);
  return auditedWrite(c, "players.create", null, raw, async () => {
    const today = londonToday(new Date());
    const player = await checked(c, parsedBody(playerInput, raw), today);
    if (player.loan?.kind === "out") throw fieldsRefused([{ field: "loanKind", detail: "A new signing can join on loan, not leave on one" }]);
    const after = await createPlayer(c.env, player, today);
    return { detail: { before: null, after: auditView(after) }, answer: after, status: 201 };
  });
});

consolePlayersApi.put("/players/:id", async (c) => {
  const raw = await jsonBody(c);
  return auditedWrite(c, "players.edit", c.req.param("id"), raw, async () => {
    const id = idOf(c);
    const today = londonToday(new Date());
    const input = parsedBody(editInput, raw);
    const write = await editPlayer(c.env, id, input.version, await checked(c, input, today), today);
    // A change of team is a move: the audit log names it so, for whoever looks for transfers.
    const moved = write.before.teamSlug !== write.after.teamSlug;
    return { detail: { moved, before: auditView(write.before), after: auditView(write.after) }, answer: write.after };
  });
});

consolePlayersApi.post("/players/:id/loan-out", async (c) => {
  const raw = await jsonBody(c);
  return auditedWrite(c, "players.loan-out", c.req.param("id"), raw, async () => {
    const id = idOf(c);
    const input = parsedBody(loanInput, raw);
    const club = input.club.trim();
    const problems = [
      ...(club === "" ? [{ field: "club", detail: "Enter a value" }] : []),
      ...(isDay(input.from) ? [] : [{ field: "from", detail: "A date: 2025-08-01" }]),
      ...(!isDay(input.until) ? [{ field: "until", detail: "A date: 2026-05-31" }] : isDay(input.from) && input.until < input.from ? [{ field: "until", detail: "On or after the loan's first day" }] : []),
    ];
    if (problems.length > 0) throw fieldsRefused(problems);
    const write = await loanOut(c.env, id, input.version, { club, from: input.from, until: input.until }, londonToday(new Date()));
    return { detail: { before: auditView(write.before), after: auditView(write.after) }, answer: write.after };
  });
});

consolePlayersApi.post("/players/:id/release", async (c) => {
  const raw = await jsonBody(c);
  return auditedWrite(c, "players.release", c.req.param("id"), raw, async () => {
    const id = idOf(c);
    const write = await releasePlayer(c.env, id, parsedBody(releaseInput, raw).version, londonToday(new Date()));
    return { detail: { before: auditView(write.before), after: auditView(write.after) }, answer: write.after };
  });
});
