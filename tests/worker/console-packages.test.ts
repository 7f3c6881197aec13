import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { browser, devToken, freshIdentity, signInWithToken, type Browser } from "./auth-test-app";
import { CONSOLE_VARS, account } from "./staff-accounts";
import type { StaffRole } from "../../src/domain/staff-roles";
import type { ConsolePackage } from "../../src/schemas/console-packages";

/**
 * The console's subscription packages (/api/console/packages…): mirrored to Stripe (the stand-in,
 * tests/worker/stripe-stand-in.ts) or to the dev checkout's mirror without a key; a new amount is a
 * new Price and the old one archived, texts change in place; the order of the Subscriptions tab;
 * the archive; commerce.manage; field errors; two staff on one package; every write audited.
 */

const standIn = inject("stripeStandIn");
const STRIPE = { STRIPE_SECRET_KEY: "sk_test_northbridge_packages", STRIPE_API_URL: standIn };
type Catalogue = Record<string, { id: string; object: string; active: boolean; unit_amount?: number; product?: string; name?: string; recurring?: { interval: string } | null }>;
const catalogue = async (): Promise<Catalogue> => (await (await fetch(`${standIn}/__catalogue`)).json()) as Catalogue;

async function member(roles: StaffRole[], vars: Record<string, string> = STRIPE): Promise<{ b: Browser; ssoID: string }> {
  const identity = freshIdentity("packages");
  const b = browser({ ...CONSOLE_VARS, ...vars });
  expect((await signInWithToken(b, (nonce) => devToken(identity, { nonce }))).status).toBe(302);
  for (const role of roles) await env.DB.prepare("INSERT INTO staff_roles (account, role, granted_by) VALUES (?1, ?2, 'test')").bind(identity.ssoID, role).run();
  return { b, ssoID: identity.ssoID };
}

const send = (b: Browser, method: string, path: string, body: unknown) =>
  b.fetch(`/api/console${path}`, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const packageOf = async (res: Response) => ((await res.json()) as { data: { attributes: ConsolePackage } }).data.attributes;
const errorsOf = async (res: Response) => ((await res.json()) as { errors: { code: string; field?: string; detail: string }[] }).errors;

const NEW_PACKAGE = {
  title: "Rovers TV Gold",
  description: "<p>Every replay and <strong>every live match</strong>.</p>",
  customLabel: "New",
  displayType: "icon-only",
  styleMode: "dark",
  imageKey: "package-roverstv",
  kind: "monthly",
  amount: "7.99",
  offer: "",
  furtherInformation: "<p>Billed monthly.</p>",
  backsideText: "<p>Cancel any time.</p>",
  entitlements: ["roverstv+"],
  newEntitlement: "",
};

const create = (b: Browser, changes: Record<string, unknown> = {}) => send(b, "POST", "/packages", { ...NEW_PACKAGE, ...changes });

async function auditOf(ssoID: string) {
  const { results } = await env.DB.prepare("SELECT action, status, detail FROM admin_audit_log WHERE actor = ?1 ORDER BY id").bind(`staff:${ssoID}`).all<{ action: string; status: number; detail: string }>();
  return results.map((r) => ({ ...r, detail: JSON.parse(r.detail) as Record<string, any> }));
}

const tab = async (b: Browser) =>
  ((await (await b.fetch("/api/packages?filter.packageType=membership")).json()) as { data: { id: string; attributes: { title: string; priceData: { id: string; priceDisplay: string }[] } }[] }).data;

describe("subscription packages from the console, mirrored to Stripe", () => {
  it("creates a Stripe Product and a monthly Price, then the package and its price at the end of the Subscriptions tab; audited", async () => {
    const commerce = await member(["commerce"]);
    const res = await create(commerce.b);
    expect(res.status).toBe(201);
    const pkg = await packageOf(res);
    expect(pkg).toMatchObject({ title: "Rovers TV Gold", active: true, version: 1, holders: 0 });
    expect(pkg.prices).toEqual([expect.objectContaining({ kind: "monthly", amountPence: 799, priceDisplay: "£7.99 per month", entitlements: ["roverstv+"] })]);
    const shop = await catalogue();
    expect(shop[pkg.stripeProductId!]).toMatchObject({ object: "product", name: "Rovers TV Gold", active: true });
    expect(shop[pkg.prices[0]!.id]).toMatchObject({ object: "price", product: pkg.stripeProductId, unit_amount: 799, recurring: { interval: "month" } });

    const offered = await tab(commerce.b);
    expect(offered.at(-1)).toMatchObject({ id: pkg.id, attributes: { title: "Rovers TV Gold", priceData: [{ id: pkg.prices[0]!.id, priceDisplay: "£7.99 per month" }] } });
    const checkout = await commerce.b.fetch("/api/checkout", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ packageID: pkg.id, priceID: pkg.prices[0]!.id }) });
    expect(checkout.status).toBe(200);

    const audit = await auditOf(commerce.ssoID);
    expect(audit.map((a) => [a.action, a.status])).toEqual([["package.create", 201]]);
    expect(audit[0]!.detail).toMatchObject({ before: null, after: { id: pkg.id, prices: [{ kind: "monthly", amountPence: 799 }] } });
  });

  it("refuses each bad field beside it and writes nothing, in Stripe or D1", async () => {
    const commerce = await member(["commerce"]);
    const before = Object.keys(await catalogue()).length;
    const res = await create(commerce.b, { title: " ", description: "<p></p>", kind: "weekly", amount: "0.10", entitlements: [], newEntitlement: "Not A Code" });
    expect(res.status).toBe(400);
    const fields = (await errorsOf(res)).map((e) => e.field).sort();
    expect(fields).toEqual(["amount", "description", "kind", "newEntitlement", "title"]);
    expect(Object.keys(await catalogue()).length).toBe(before);
  });

  it("a new amount is a new Price in the old one's place, the old archived and kept for its holders; texts change in place", async () => {
    const commerce = await member(["commerce"]);
    const pkg = await packageOf(await create(commerce.b));
    const old = pkg.prices[0]!;
    const holder = await account("package-holder");
    await env.DB.prepare("INSERT INTO purchases (account_id, package_id, price_id, mode, stripe_session_id, status) VALUES ((SELECT id FROM accounts WHERE sso_id = ?1), ?2, ?3, 'subscription', ?4, 'active')")
      .bind(holder.identity.ssoID, pkg.id, old.id, `cs_test_pkg_${crypto.randomUUID()}`)
      .run();

    const texts = await send(commerce.b, "PUT", `/packages/${pkg.id}/prices/${old.id}`, { ...NEW_PACKAGE, offer: "First month half price", version: pkg.version });
    expect(texts.status).toBe(200);
    const afterTexts = await packageOf(texts);
    expect(afterTexts.prices).toEqual([expect.objectContaining({ id: old.id, offer: "First month half price", holders: 1 })]);

    const res = await send(commerce.b, "PUT", `/packages/${pkg.id}/prices/${old.id}`, { ...NEW_PACKAGE, kind: "yearly", amount: "79.99", version: afterTexts.version });
    expect(res.status).toBe(200);
    const after = await packageOf(res);
    const [price] = after.prices;
    expect(price).toMatchObject({ kind: "yearly", amountPence: 7999, priceDisplay: "£79.99 per year", holders: 0 });
    expect(price!.id).not.toBe(old.id);
    expect(after.holders).toBe(1);
    const shop = await catalogue();
    expect(shop[old.id]).toMatchObject({ active: false });
    expect(shop[price!.id]).toMatchObject({ active: true, unit_amount: 7999, recurring: { interval: "year" } });
    expect(await env.DB.prepare("SELECT active FROM prices WHERE id = ?1").bind(old.id).first()).toEqual({ active: 0 });

    // A form opened before the change is refused, and nothing changes.
    const stale = await send(commerce.b, "PUT", `/packages/${pkg.id}/prices/${price!.id}`, { ...NEW_PACKAGE, amount: "1.00", version: pkg.version });
    expect(stale.status).toBe(409);
    expect((await errorsOf(stale))[0]!.code).toBe("PACKAGE_CHANGED");
  });

  it("two staff saving one package at once: one is saved, the other told someone changed it", async () => {
    const commerce = await member(["commerce"]);
    const pkg = await packageOf(await create(commerce.b));
    const edit = (title: string) => send(commerce.b, "PUT", `/packages/${pkg.id}`, { ...NEW_PACKAGE, title, version: pkg.version });
    const answers = await Promise.all([edit("Rovers TV Gold A"), edit("Rovers TV Gold B")]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const row = await env.DB.prepare("SELECT version FROM packages WHERE id = ?1").bind(pkg.id).first<{ version: number }>();
    expect(row!.version).toBe(2);
  });

  it("adds a price, refuses to archive the last one, archives one of two; moves the package up the tab; archives the package", async () => {
    const commerce = await member(["commerce"]);
    const pkg = await packageOf(await create(commerce.b));
    const last = await send(commerce.b, "POST", `/packages/${pkg.id}/prices/${pkg.prices[0]!.id}/archive`, { version: pkg.version });
    expect(last.status).toBe(409);
    expect((await errorsOf(last))[0]!.code).toBe("LAST_PRICE");

    const added = await send(commerce.b, "POST", `/packages/${pkg.id}/prices`, { ...NEW_PACKAGE, kind: "one-off", amount: "20", version: pkg.version });
    expect(added.status).toBe(201);
    const two = await packageOf(added);
    expect(two.prices.map((p) => [p.kind, p.priceDisplay])).toEqual([
      ["monthly", "£7.99 per month"],
      ["one-off", "£20.00"],
    ]);
    const archived = await packageOf(await send(commerce.b, "POST", `/packages/${pkg.id}/prices/${two.prices[0]!.id}/archive`, { version: two.version }));
    expect(archived.prices.map((p) => p.kind)).toEqual(["one-off"]);

    const order = (await tab(commerce.b)).map((p) => p.id);
    const moved = await send(commerce.b, "POST", `/packages/${pkg.id}/move`, { direction: "up", version: archived.version });
    expect(moved.status).toBe(200);
    const next = (await tab(commerce.b)).map((p) => p.id);
    const at = order.indexOf(pkg.id);
    expect(next.indexOf(pkg.id)).toBe(at - 1);

    const gone = await send(commerce.b, "POST", `/packages/${pkg.id}/archive`, { version: (await packageOf(moved)).version });
    expect(gone.status).toBe(200);
    expect(await packageOf(gone)).toMatchObject({ active: false, prices: [] });
    expect((await tab(commerce.b)).map((p) => p.id)).not.toContain(pkg.id);
    expect((await catalogue())[pkg.stripeProductId!]).toMatchObject({ active: false });
    const audit = await auditOf(commerce.ssoID);
    expect(audit.map((a) => a.action)).toEqual(["package.create", "package.price-archive", "package.price-add", "package.price-archive", "package.move", "package.archive"]);
  });

  it("a package of the seed gets its Stripe Product at its first change", async () => {
    const commerce = await member(["commerce"]);
    const id = `seedlike-${crypto.randomUUID().slice(0, 6)}`;
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO packages (id, mode, package_type, title, description, display_type, icon, style_mode, image_key, order_position) VALUES (?1, 'light', 'membership', 'Seedlike', '<p>Old</p>', 'icon-only', 'video', 'light', 'package-roverstv', 50)",
      ).bind(id),
      env.DB.prepare("INSERT INTO prices (id, package_id, type, interval, amount_pence, price_display, entitlements) VALUES (?1, ?2, 'recurring', 'month', 199, '£1.99 per month', '[\"roverstv\"]')").bind(`price_${id}`, id),
    ]);
    const res = await send(commerce.b, "POST", `/packages/${id}/prices`, { ...NEW_PACKAGE, kind: "yearly", amount: "19.99", version: 0 });
    expect(res.status).toBe(201);
    const pkg = await packageOf(res);
    expect(pkg.stripeProductId).toMatch(/^prod_test_/);
    expect((await catalogue())[pkg.prices[1]!.id]).toMatchObject({ product: pkg.stripeProductId });
  });

  it("needs commerce.manage; without Stripe's key the dev checkout's mirror takes the writes", async () => {
    for (const role of ["support", "editor", "match-operator"] as const) {
      const other = await member([role]);
      expect((await create(other.b)).status).toBe(403);
    }
    const offline = await member(["commerce"], {});
    const res = await create(offline.b);
    expect(res.status).toBe(201);
    const pkg = await packageOf(res);
    expect(pkg.stripeProductId).toMatch(/^prod_dev_/);
    expect(await env.DB.prepare("SELECT object, unit_amount FROM dev_stripe_catalogue WHERE id = ?1").bind(pkg.prices[0]!.id).first()).toEqual({ object: "price", unit_amount: 799 });
  });

  it("a Stripe failure is a 502 and nothing is written", async () => {
    const commerce = await member(["commerce"], { STRIPE_SECRET_KEY: "sk_test_fail_packages", STRIPE_API_URL: standIn });
    const res = await create(commerce.b, { title: "Never written" });
    expect(res.status).toBe(502);
    expect((await errorsOf(res))[0]!.code).toBe("STRIPE_FAILED");
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM packages WHERE title = 'Never written'").first()).toEqual({ n: 0 });
  });
});
