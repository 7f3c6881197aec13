import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError } from "../http/api-error";
import { requireCapability } from "./capabilities";
import { auditedWrite, fieldsRefused, jsonBody, parsedBody } from "./audited-write";
import { fixtureById } from "../matches/fixture-store";
import { archivePass, insertPass, matchStreams, passById, passOfMatch, updatePass } from "../commercial/match-pass-store";
import { catalogue, stripeCall as stripe, stripeCleanup as undo } from "./stripe-calls";
import { checkPass, hasKickedOff, priceChange, type CheckedPass } from "../../src/domain/match-pass";
import { formatInClubTime } from "../../src/domain/date-format";
import type { ConsoleFixture } from "../../src/schemas/console-fixtures";
import type { ConsoleMatchPass } from "../../src/schemas/console-match-pass";

/**
 * Match passes sold from the fixture list (/admin/fixtures), behind staffOnly, the console's Origin
 * check and `commerce.manage`; each is mirrored to Stripe (worker/payments/stripe-catalogue.ts):
 *   POST /api/console/fixtures/{id}/match-pass  { price, saleFrom, saleUntil, streams, fixtureSequence }
 *        → 201 the pass: a Stripe Product and Price, then the package, its price and its streams in one batch
 *   PUT  /api/console/match-passes/{packageId}   { price, saleFrom, saleUntil, streams, version }
 *        → a new amount is a new Stripe Price, the old one archived (Stripe's prices are immutable)
 *   POST /api/console/match-passes/{packageId}/archive  { version } → off sale; buyers keep their access
 * Refusals: 400 INVALID_INPUT per field; 404 FIXTURE_NOT_FOUND / PASS_NOT_FOUND; 409 FIXTURE_CHANGED
 * (the fixture moved since the form was opened), FIXTURE_KICKED_OFF, FIXTURE_NOT_UPCOMING,
 * PASS_EXISTS, PASS_CHANGED; 502 STRIPE_FAILED; 503 CATALOGUE_UNAVAILABLE. Every write, refusals
 * too, is audited as `match-pass.*` with the pass before and after.
 */
export const consoleMatchPassesApi = new Hono<AppEnv>();
type Ctx = Context<AppEnv>;

const text = (max: number) => z.string({ error: "Enter a value" }).max(max, `At most ${max} characters`);
const passInput = z.object({
  price: text(12),
  saleFrom: text(40).default(""),
  saleUntil: text(40).default(""),
  streams: z.array(z.string().max(100), { error: "Choose the live streams" }).max(20).default([]),
});
const createInput = passInput.extend({ fixtureSequence: z.number({ error: "The fixture's version" }).int() });
const editInput = passInput.extend({ version: z.number({ error: "The pass's version" }).int() });
const archiveInput = z.object({ version: z.number({ error: "The pass's version" }).int() });
const ID = /^[1-9][0-9]{0,8}$/;

async function upcomingFixture(c: Ctx, matchId: number): Promise<ConsoleFixture> {
  const fixture = await fixtureById(c.env.DB, matchId);
  if (!fixture) throw new ApiError(404, "FIXTURE_NOT_FOUND", "No such fixture");
  if (fixture.status !== "fixture") throw new ApiError(409, "FIXTURE_NOT_UPCOMING", "The match is postponed or played: no pass can be sold for it");
  if (hasKickedOff(fixture.kickoff, new Date())) throw new ApiError(409, "FIXTURE_KICKED_OFF", "The match has kicked off: its pass can no longer change");
  return fixture;
}

async function checked(c: Ctx, raw: z.output<typeof passInput>, fixture: ConsoleFixture): Promise<CheckedPass> {
  const streams = await matchStreams(c.env.DB, fixture.id);
  const result = checkPass(raw, { kickoff: fixture.kickoff, matchStreams: streams.map((s) => s.id) }, new Date());
  if (!result.ok) throw fieldsRefused(result.problems);
  return result.pass;
}

/** 'Rovers Women v Kiln Town' (home first), the first team as 'Rovers', as the seed names its passes. */
async function matchLabel(c: Ctx, f: ConsoleFixture): Promise<string> {
  const team = f.teamSlug === "" ? "Rovers" : ((await c.env.DB.prepare("SELECT name FROM teams WHERE slug = ?1").bind(f.teamSlug).first<{ name: string }>())?.name ?? "Rovers");
  return f.isHome ? `${team} v ${f.opponent}` : `${f.opponent} v ${team}`;
}
const descriptionOf = (label: string, f: ConsoleFixture) => `<p>Watch ${escapeHtml(label)} live on ${formatInClubTime(f.kickoff, "dddd D MMMM YYYY")}.</p>`;
const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const auditView = (p: ConsoleMatchPass | null, streams?: string[]) =>
  p && { packageId: p.packageId, matchId: p.matchId, priceId: p.priceId, amountPence: p.amountPence, saleFrom: p.saleFrom, saleUntil: p.saleUntil, stripeProductId: p.stripeProductId, version: p.version, ...(streams ? { streams } : {}) };

async function openedStreams(c: Ctx, matchId: number): Promise<string[]> {
  const { results } = await c.env.DB.prepare("SELECT id FROM live_stream_assets WHERE match_id = ?1 AND EXISTS (SELECT 1 FROM json_each(entitlements) WHERE value = ?2) ORDER BY id")
    .bind(matchId, `matchpass-${matchId}`)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

consoleMatchPassesApi.post("/fixtures/:id/match-pass", requireCapability("commerce.manage"), async (c) => {
  const raw = await jsonBody(c);
  return auditedWrite(c, "match-pass.create", c.req.param("id"), raw, async () => {
    const idText = c.req.param("id") ?? "";
    if (!ID.test(idText)) throw new ApiError(404, "FIXTURE_NOT_FOUND", "No such fixture");
    const input = parsedBody(createInput, raw);
    const fixture = await upcomingFixture(c, Number(idText));
    if (fixture.sequence !== input.fixtureSequence) throw new ApiError(409, "FIXTURE_CHANGED", "The fixture changed since you opened the form: check it and try again");
    const pass = await checked(c, input, fixture);
    if (await passOfMatch(c.env.DB, fixture.id)) throw new ApiError(409, "PASS_EXISTS", "This match already has a pass on sale");
    const shop = catalogue(c);
    const packageId = `match-pass-${fixture.id}-${crypto.randomUUID().slice(0, 8)}`;
    const label = await matchLabel(c, fixture);
    const title = `Match Pass: ${label}`;
    const product = await stripe(c, "product", () => shop.createProduct({ name: title, description: `${fixture.competition}, ${fixture.venue}`, packageId, matchId: fixture.id }));
    const price = await stripe(c, "price", () => shop.createPrice({ product: product.id, amountPence: pass.amountPence, packageId }));
    const written = await insertPass(c.env.DB, { packageId, matchId: fixture.id, title, description: descriptionOf(label, fixture), productId: product.id, priceId: price.id, pass });
    if (!written) {
      await undo(c, "archive product", () => shop.archiveProduct(product.id));
      throw new ApiError(409, "PASS_EXISTS", "This match already has a pass on sale");
    }
    const after = (await passById(c.env.DB, packageId))!;
    return { detail: { before: null, after: auditView(after, pass.streams) }, answer: after, status: 201 };
  });
});

async function livePass(c: Ctx, version: number): Promise<{ before: ConsoleMatchPass; fixture: ConsoleFixture }> {
  const before = await passById(c.env.DB, c.req.param("packageId") ?? "");
  if (!before) throw new ApiError(404, "PASS_NOT_FOUND", "No such match pass on sale");
  if (before.version !== version) throw new ApiError(409, "PASS_CHANGED", "Someone changed this pass since you opened it: check it and try again");
  return { before, fixture: await upcomingFixture(c, before.matchId) };
}

consoleMatchPassesApi.put("/match-passes/:packageId", requireCapability("commerce.manage"), async (c) => {
  const raw = await jsonBody(c);
  return auditedWrite(c, "match-pass.edit", c.req.param("packageId"), raw, async () => {
    const input = parsedBody(editInput, raw);
    const { before, fixture } = await livePass(c, input.version);
    const pass = await checked(c, input, fixture);
    const beforeStreams = await openedStreams(c, fixture.id);
    const shop = catalogue(c);
    // A pass made before the console has no Product yet: it gets one now.
    const productId = before.stripeProductId ?? (await stripe(c, "product", () => shop.createProduct({ name: before.title, description: `${fixture.competition}, ${fixture.venue}`, packageId: before.packageId, matchId: fixture.id }))).id;
    const newPrice = priceChange(before.amountPence, pass.amountPence) === "new-price" ? await stripe(c, "price", () => shop.createPrice({ product: productId, amountPence: pass.amountPence, packageId: before.packageId })) : null;
    const written = await updatePass(c.env.DB, { before, pass, productId, newPriceId: newPrice?.id ?? null });
    if (!written) {
      if (newPrice) await undo(c, "archive new price", () => shop.archivePrice(newPrice.id));
      throw new ApiError(409, "PASS_CHANGED", "Someone changed this pass since you opened it: check it and try again");
    }
    // The old Price is archived only once D1 no longer offers it, so checkout never names an archived price.
    if (newPrice && before.priceId) await stripe(c, "archive old price", () => shop.archivePrice(before.priceId));
    const after = (await passById(c.env.DB, before.packageId))!;
    return { detail: { before: auditView(before, beforeStreams), after: auditView(after, pass.streams) }, answer: after };
  });
});

consoleMatchPassesApi.post("/match-passes/:packageId/archive", requireCapability("commerce.manage"), async (c) => {
  const raw = await jsonBody(c);
  return auditedWrite(c, "match-pass.archive", c.req.param("packageId"), raw, async () => {
    const input = parsedBody(archiveInput, raw);
    const before = await passById(c.env.DB, c.req.param("packageId") ?? "");
    if (!before) throw new ApiError(404, "PASS_NOT_FOUND", "No such match pass on sale");
    if (before.version !== input.version) throw new ApiError(409, "PASS_CHANGED", "Someone changed this pass since you opened it: check it and try again");
    const shop = catalogue(c);
    if (!(await archivePass(c.env.DB, before))) throw new ApiError(409, "PASS_CHANGED", "Someone changed this pass since you opened it: check it and try again");
    // D1 took it off sale first, so checkout can no longer name it; a Stripe failure here is only
    // logged: the Product stays active in the dashboard, but nothing of the site sells it.
    if (before.stripeProductId) await undo(c, "archive product", () => shop.archiveProduct(before.stripeProductId!));
    const after = { ...before, version: before.version + 1 };
    return { detail: { before: auditView(before), after: { ...auditView(after), archived: true } }, answer: after };
  });
});
