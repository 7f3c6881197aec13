import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { browser, devToken, freshIdentity, signInWithToken, type Browser } from "./auth-test-app";
import { CONSOLE_VARS, account, roleAccount } from "./staff-accounts";
import { goLive } from "./live-media";
import type { StaffRole } from "../../src/domain/staff-roles";
import type { ConsoleMatchPass } from "../../src/schemas/console-match-pass";

/**
 * A match pass sold from the console's fixture list (/api/console/fixtures/{id}/match-pass,
 * /api/console/match-passes/…): mirrored to Stripe (the stand-in, tests/worker/stripe-stand-in.ts),
 * or to the dev checkout's own mirror without a key; a price change after a sale is a new Price;
 * the archive; commerce.manage; field errors; and what a bought pass opens (its match's stream only).
 */

const standIn = inject("stripeStandIn");
const STRIPE = { STRIPE_SECRET_KEY: "sk_test_northbridge_passes", STRIPE_API_URL: standIn };
type Catalogue = Record<string, { id: string; object: string; active: boolean; unit_amount?: number; product?: string; name?: string }>;
const catalogue = async (): Promise<Catalogue> => (await (await fetch(`${standIn}/__catalogue`)).json()) as Catalogue;

/** A member of staff holding `roles`, signed in with the stand-in as Stripe when `stripe`. */
async function member(roles: StaffRole[], stripe = true): Promise<{ b: Browser; ssoID: string }> {
  const identity = freshIdentity("passes");
  const b = browser({ ...CONSOLE_VARS, ...(stripe ? STRIPE : {}) });
  const res = await signInWithToken(b, (nonce) => devToken(identity, { nonce }));
  expect(res.status).toBe(302);
  for (const role of roles) await env.DB.prepare("INSERT INTO staff_roles (account, role, granted_by) VALUES (?1, ?2, 'test')").bind(identity.ssoID, role).run();
  return { b, ssoID: identity.ssoID };
}

const send = (b: Browser, method: string, path: string, body: unknown) =>
  b.fetch(`/api/console${path}`, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const checkout = (b: Browser, body: unknown) => b.fetch("/api/checkout", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const passOf = async (res: Response) => ((await res.json()) as { data: { attributes: ConsoleMatchPass } }).data.attributes;
const errorsOf = async (res: Response) => ((await res.json()) as { errors: { code: string; field?: string; detail: string }[] }).errors;

let fixtures = 0;
/** A new first-team home fixture ten days ahead, with one live video stream of its own (mid tier, idle). */
async function futureFixture(): Promise<{ id: number; sequence: number; stream: string }> {
  fixtures += 1;
  const admin = await roleAccount("fixture-maker", ["administrator"]);
  const kickoff = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const created = await admin.b.fetch("/api/console/fixtures", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ team: "first-team", season: "2024-25", competition: "Championship", opponent: `Passbridge ${fixtures} ${crypto.randomUUID().slice(0, 6)}`, homeAway: "home", venue: "Riverside Park", kickoff: `${kickoff}T15:00` }),
  });
  expect(created.status).toBe(201);
  const { id, sequence } = ((await created.json()) as { data: { attributes: { id: number; sequence: number } } }).data.attributes;
  const stream = `pass-test-live-${id}`;
  await env.DB.prepare(
    `INSERT INTO live_stream_assets (id, title, media_type, status, poster_image_key, offline_image_key, playback_id, entitlements, match_id, position)
     VALUES (?1, 'Live: pass test', 'video', 'idle', 'live-women-live-poster', 'live-women-live-offline', ?2, '["roverstv","roverstv+","vip"]', ?3, 9)`,
  ).bind(stream, `pb${id}`, id).run();
  return { id, sequence, stream };
}

const sell = (b: Browser, f: { id: number; sequence: number; stream: string }, changes: Record<string, unknown> = {}) =>
  send(b, "POST", `/fixtures/${f.id}/match-pass`, { price: "4.99", saleFrom: "", saleUntil: "", streams: [f.stream], fixtureSequence: f.sequence, ...changes });

async function auditOf(ssoID: string) {
  const { results } = await env.DB.prepare("SELECT action, status, detail FROM admin_audit_log WHERE actor = ?1 ORDER BY id").bind(`staff:${ssoID}`).all<{ action: string; status: number; detail: string }>();
  return results.map((r) => ({ ...r, detail: JSON.parse(r.detail) as Record<string, any> }));
}

/** A paid purchase of the pass's price, as the webhook leaves one (the sale the price change must respect). */
async function sold(pass: ConsoleMatchPass) {
  const buyer = await account("pass-buyer");
  await env.DB.prepare(
    "INSERT INTO purchases (account_id, package_id, price_id, mode, stripe_session_id, status) VALUES ((SELECT id FROM accounts WHERE sso_id = ?1), ?2, ?3, 'payment', ?4, 'paid')",
  ).bind(buyer.identity.ssoID, pass.packageId, pass.priceId, `cs_test_sold_${crypto.randomUUID()}`).run();
}

describe("a match pass from the fixture list, mirrored to Stripe", () => {
  it("creates a Stripe Product and Price, the package and its price (granting the match's pass), the stream's code; audited; on the Match passes tab", async () => {
    const commerce = await member(["commerce"]);
    const f = await futureFixture();
    const res = await sell(commerce.b, f);
    expect(res.status).toBe(201);
    const pass = await passOf(res);
    expect(pass).toMatchObject({ matchId: f.id, amountPence: 499, sold: 0, version: 1 });
    expect(pass.priceId).toMatch(/^price_test_/);
    const shop = await catalogue();
    expect(shop[pass.stripeProductId!]).toMatchObject({ object: "product", active: true, name: expect.stringContaining("Match Pass: Rovers v Passbridge") });
    expect(shop[pass.priceId]).toMatchObject({ object: "price", product: pass.stripeProductId, unit_amount: 499, currency: "gbp", active: true });

    const price = await env.DB.prepare("SELECT type, amount_pence, price_display, entitlements, active FROM prices WHERE id = ?1").bind(pass.priceId).first();
    expect(price).toEqual({ type: "one_time", amount_pence: 499, price_display: "£4.99", entitlements: `["matchpass-${f.id}"]`, active: 1 });
    const stream = await env.DB.prepare("SELECT entitlements FROM live_stream_assets WHERE id = ?1").bind(f.stream).first<{ entitlements: string }>();
    expect(JSON.parse(stream!.entitlements)).toEqual(["roverstv", "roverstv+", "vip", `matchpass-${f.id}`]);

    const tab = (await (await commerce.b.fetch("/api/packages?filter.packageType=match-pass")).json()) as { data: { id: string; attributes: { matchID: number } }[] };
    expect(tab.data.find((p) => p.id === pass.packageId)?.attributes.matchID).toBe(f.id);

    const audit = await auditOf(commerce.ssoID);
    expect(audit.map((a) => [a.action, a.status])).toEqual([["match-pass.create", 201]]);
    expect(audit[0]!.detail).toMatchObject({ via: "console", before: null, after: { packageId: pass.packageId, amountPence: 499, streams: [f.stream] } });

    // One pass on sale per match.
    const again = await sell(commerce.b, f);
    expect(again.status).toBe(409);
    expect((await errorsOf(again))[0]!.code).toBe("PASS_EXISTS");
  });

  it("a price change after a sale makes a new Price and archives the old; the sold price row stays for its buyers", async () => {
    const commerce = await member(["commerce"]);
    const f = await futureFixture();
    const first = await passOf(await sell(commerce.b, f));
    await sold(first);
    const res = await send(commerce.b, "PUT", `/match-passes/${first.packageId}`, { price: "5.99", saleFrom: "", saleUntil: "", streams: [f.stream], version: first.version });
    expect(res.status).toBe(200);
    const changed = await passOf(res);
    expect(changed).toMatchObject({ amountPence: 599, sold: 1, version: 2, stripeProductId: first.stripeProductId });
    expect(changed.priceId).not.toBe(first.priceId);
    const shop = await catalogue();
    expect(shop[first.priceId]!.active).toBe(false);
    expect(shop[changed.priceId]).toMatchObject({ unit_amount: 599, active: true, product: first.stripeProductId });
    const rows = await env.DB.prepare("SELECT id, amount_pence, active FROM prices WHERE package_id = ?1 ORDER BY amount_pence").bind(first.packageId).all();
    expect(rows.results).toEqual([
      { id: first.priceId, amount_pence: 499, active: 0 },
      { id: changed.priceId, amount_pence: 599, active: 1 },
    ]);
    // A stale form (the old version) is a 409 and changes nothing.
    const stale = await send(commerce.b, "PUT", `/match-passes/${first.packageId}`, { price: "6.99", saleFrom: "", saleUntil: "", streams: [f.stream], version: first.version });
    expect(stale.status).toBe(409);
    expect((await errorsOf(stale))[0]!.code).toBe("PASS_CHANGED");
    const audit = await auditOf(commerce.ssoID);
    expect(audit.map((a) => [a.action, a.status])).toEqual([["match-pass.create", 201], ["match-pass.edit", 200], ["match-pass.edit", 409]]);
    expect(audit[1]!.detail).toMatchObject({ before: { amountPence: 499, priceId: first.priceId }, after: { amountPence: 599, priceId: changed.priceId } });
  });

  it("archives (confirmed on the screen): off the tab and out of checkout, the Stripe product archived, the stream keeps the pass's code for its buyers", async () => {
    const commerce = await member(["commerce"]);
    const f = await futureFixture();
    const pass = await passOf(await sell(commerce.b, f));
    const res = await send(commerce.b, "POST", `/match-passes/${pass.packageId}/archive`, { version: pass.version });
    expect(res.status).toBe(200);
    expect((await catalogue())[pass.stripeProductId!]!.active).toBe(false);
    const tab = (await (await commerce.b.fetch("/api/packages?filter.packageType=match-pass")).json()) as { data: { id: string }[] };
    expect(tab.data.map((p) => p.id)).not.toContain(pass.packageId);
    const stream = await env.DB.prepare("SELECT entitlements FROM live_stream_assets WHERE id = ?1").bind(f.stream).first<{ entitlements: string }>();
    expect(stream!.entitlements).toContain(`matchpass-${f.id}`);
    const buyer = await account("late-buyer");
    const refusedCheckout = await checkout(buyer.b, { packageID: pass.packageId, priceID: pass.priceId });
    expect(refusedCheckout.status).toBe(400);
    expect((await auditOf(commerce.ssoID)).at(-1)).toMatchObject({ action: "match-pass.archive", status: 200, detail: { before: { packageId: pass.packageId }, after: { archived: true } } });
  });

  it("refuses staff without commerce.manage (403, audited) and bad fields (400 INVALID_INPUT beside each field); a kicked-off or changed fixture is a 409", async () => {
    const f = await futureFixture();
    const operator = await member(["match-operator"]);
    const refused = await sell(operator.b, f);
    expect(refused.status).toBe(403);
    expect((await errorsOf(refused))[0]!.code).toBe("CAPABILITY_REQUIRED");
    expect((await auditOf(operator.ssoID))[0]).toMatchObject({ status: 403, detail: { capability: "commerce.manage" } });

    const commerce = await member(["commerce"]);
    const bad = await sell(commerce.b, f, { price: "4.999", saleUntil: "not a date", streams: ["men-audio-commentary"] });
    expect(bad.status).toBe(400);
    expect((await errorsOf(bad)).map((e) => [e.code, e.field])).toEqual([
      ["INVALID_INPUT", "price"],
      ["INVALID_INPUT", "saleUntil"],
      ["INVALID_INPUT", "streams"],
    ]);
    const changed = await sell(commerce.b, f, { fixtureSequence: f.sequence + 5 });
    expect(changed.status).toBe(409);
    expect((await errorsOf(changed))[0]!.code).toBe("FIXTURE_CHANGED");
    await env.DB.prepare("UPDATE matches SET kickoff = ?2, sequence = sequence WHERE id = ?1").bind(f.id, new Date(Date.now() - 60_000).toISOString()).run();
    const { sequence } = (await env.DB.prepare("SELECT sequence FROM matches WHERE id = ?1").bind(f.id).first<{ sequence: number }>())!;
    const late = await sell(commerce.b, f, { fixtureSequence: sequence });
    expect(late.status).toBe(409);
    expect((await errorsOf(late))[0]!.code).toBe("FIXTURE_KICKED_OFF");
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM packages WHERE match_id = ?1").bind(f.id).first()).toEqual({ n: 0 });
  });
});

describe("the fixture list", () => {
  it("shows commerce the pass with its buttons and the fixtures read-only; fixtures.manage alone sees the pass without them", async () => {
    const commerce = await member(["commerce"]);
    const f = await futureFixture();
    const pass = await passOf(await sell(commerce.b, f, { price: "7.25" }));
    const path = "/admin/fixtures?team=first-team&season=2024-25&when=upcoming";
    const forCommerce = await commerce.b.fetch(path);
    expect(forCommerce.status).toBe(200);
    const commerceHtml = await forCommerce.text();
    expect(commerceHtml).toContain(`data-pass="${pass.packageId}"`);
    expect(commerceHtml).toContain("Change pass");
    expect(commerceHtml).not.toContain("New fixture");
    expect(commerceHtml).toContain('href="/admin/fixtures"');

    const operator = await member(["match-operator"]);
    const html = await (await operator.b.fetch(path)).text();
    expect(html).toContain(`data-pass="${pass.packageId}"`);
    expect(html.replaceAll("<!-- -->", "")).toContain("£7.25 · 0 sold");
    expect(html).toContain("New fixture");
    for (const control of ["Change pass", "Archive pass", "Sell a match pass"]) expect(html, control).not.toContain(control);

    const support = await member(["support"]);
    expect((await support.b.fetch(path)).status).toBe(403);
  });
});

describe("offline: the dev checkout's own mirror, through the same code path", () => {
  it("a pass made without a Stripe key is bought through the dev checkout and opens its match's live stream and no other paid stream", async () => {
    const commerce = await member(["commerce"], false);
    const f = await futureFixture();
    const res = await sell(commerce.b, f);
    expect(res.status).toBe(201);
    const pass = await passOf(res);
    expect(pass.stripeProductId).toMatch(/^prod_dev_/);
    expect(pass.priceId).toMatch(/^price_dev_/);
    expect(await env.DB.prepare("SELECT object, unit_amount, active FROM dev_stripe_catalogue WHERE id = ?1").bind(pass.priceId).first()).toEqual({ object: "price", unit_amount: 499, active: 1 });

    const supporter = await account("pass-supporter");
    const created = await checkout(supporter.b, { packageID: pass.packageId, priceID: pass.priceId });
    expect(created.status).toBe(200);
    const { url } = (await created.json()) as { url: string };
    const paid = await supporter.b.fetch(`${url}/pay`, { method: "POST", body: "promo=", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(paid.status).toBe(303);

    await goLive(f.stream, "video");
    await goLive("press-conference", "video");
    const check = (id: string) =>
      supporter.b.fetch("/api/session/check", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ data: { attributes: { videoID: id, mediaType: "video" } } }) });
    expect((await check(f.stream)).status).toBe(200);
    const other = await check("press-conference");
    expect(other.status).toBe(403);
    expect(((await other.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe("ERR_3684853_3");

    // Archived: the dev mirror's product too; the buyer keeps the match.
    const archived = await send(commerce.b, "POST", `/match-passes/${pass.packageId}/archive`, { version: pass.version });
    expect(archived.status).toBe(200);
    expect(await env.DB.prepare("SELECT active FROM dev_stripe_catalogue WHERE id = ?1").bind(pass.stripeProductId).first()).toEqual({ active: 0 });
    expect((await check(f.stream)).status).toBe(200);
  });
});
