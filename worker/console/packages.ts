import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError } from "../http/api-error";
import { requireCapability } from "./capabilities";
import { auditedWrite, fieldsRefused, jsonBody, parsedBody } from "./audited-write";
import { catalogue, stripeCall, stripeCleanup } from "./stripe-calls";
import * as store from "../commercial/package-store";
import { checkPackage, checkPrice, moved, PRICE_KINDS, priceEdit, type CheckedPackage, type CheckedPrice } from "../../src/domain/package-rules";
import type { ConsolePackage } from "../../src/schemas/console-packages";

/**
 * The club's subscription packages (/admin/packages), behind staffOnly, the console's Origin check
 * and `commerce.manage`; each is mirrored to Stripe (worker/payments/stripe-catalogue.ts): a
 * Product per package, a Price per price.
 *   POST /api/console/packages                              { package's fields, first price's fields } → 201
 *   PUT  /api/console/packages/{id}                         { package's fields, version }
 *   POST /api/console/packages/{id}/move                    { direction: up|down, version }
 *   POST /api/console/packages/{id}/archive                 { version }: off sale, holders keep their access
 *   POST /api/console/packages/{id}/prices                  { price's fields, version } → 201
 *   PUT  /api/console/packages/{id}/prices/{priceId}        { price's fields, version }: a new amount or way of
 *        paying is a new Stripe Price replacing the old one (Stripe's prices are immutable); texts change in place
 *   POST /api/console/packages/{id}/prices/{priceId}/archive { version }
 * Refusals: 400 INVALID_INPUT per field; 404 PACKAGE_NOT_FOUND / PRICE_NOT_FOUND; 409
 * PACKAGE_CHANGED (someone saved it since the form was opened), LAST_PRICE; 502 STRIPE_FAILED; 503
 * CATALOGUE_UNAVAILABLE. Every write, refusals too, is audited as `package.*` with the package before and after.
 */
export const consolePackagesApi = new Hono<AppEnv>();
type Ctx = Context<AppEnv>;
const commerce = requireCapability("commerce.manage");

const text = (max: number) => z.string({ error: "Enter a value" }).max(max, `At most ${max} characters`);
const packageFields = {
  title: text(200),
  description: text(20_000),
  customLabel: text(200).default(""),
  displayType: text(40),
  styleMode: text(10),
  imageKey: text(200),
};
const priceFields = {
  kind: text(20),
  amount: text(20),
  offer: text(200).default(""),
  furtherInformation: text(20_000).default(""),
  backsideText: text(20_000).default(""),
  entitlements: z.array(z.string().max(64), { error: "Choose what the price gives" }).max(20).default([]),
  newEntitlement: text(64).default(""),
};
const version = { version: z.number({ error: "The package's version" }).int() };
const createInput = z.object({ ...packageFields, ...priceFields });
const editInput = z.object({ ...packageFields, ...version });
const priceInput = z.object({ ...priceFields, ...version });
const moveInput = z.object({ direction: z.enum(["up", "down"], { error: "Up or down" }), ...version });
const versionInput = z.object(version);

const PACKAGE_NOT_FOUND = () => new ApiError(404, "PACKAGE_NOT_FOUND", "No such package");
const PACKAGE_CHANGED = () => new ApiError(409, "PACKAGE_CHANGED", "Someone changed this package since you opened it: check it and try again");

function checkedPackage(input: z.output<typeof editInput> | z.output<typeof createInput>): CheckedPackage {
  const result = checkPackage(input);
  if (!result.ok) throw fieldsRefused(result.problems);
  return result.value;
}
function checkedPrice(input: z.output<typeof priceInput> | z.output<typeof createInput>): CheckedPrice {
  const result = checkPrice(input);
  if (!result.ok) throw fieldsRefused(result.problems);
  return result.value;
}

/** The package as the audit keeps it: its fields and its prices' terms (not the card texts' HTML). */
const auditView = (p: ConsolePackage | null) =>
  p && {
    id: p.id,
    title: p.title,
    customLabel: p.customLabel,
    displayType: p.displayType,
    styleMode: p.styleMode,
    imageKey: p.imageKey,
    active: p.active,
    stripeProductId: p.stripeProductId,
    version: p.version,
    prices: p.prices.map((r) => ({ id: r.id, kind: r.kind, amountPence: r.amountPence, offer: r.offer, entitlements: r.entitlements })),
  };

/** The package the write acts on, still at the version the form was opened at. */
async function current(c: Ctx, versionSent: number): Promise<ConsolePackage> {
  const found = await store.consolePackage(c.env.DB, c.req.param("id") ?? "");
  if (!found || !found.active) throw PACKAGE_NOT_FOUND();
  if (found.version !== versionSent) throw PACKAGE_CHANGED();
  return found;
}

/** The package's Stripe Product, made now for a package of the seed that has none yet. */
async function productOf(c: Ctx, pkg: ConsolePackage): Promise<{ id: string; made: boolean }> {
  if (pkg.stripeProductId) return { id: pkg.stripeProductId, made: false };
  const product = await stripeCall(c, "product", () => catalogue(c).createProduct({ name: pkg.title, description: pkg.customLabel ?? pkg.title, packageId: pkg.id }));
  return { id: product.id, made: true };
}

const newPrice = (c: Ctx, product: string, packageId: string, price: CheckedPrice) =>
  stripeCall(c, "price", () => catalogue(c).createPrice({ product, amountPence: price.amountPence, packageId, interval: PRICE_KINDS[price.kind].interval }));

async function written(c: Ctx, id: string, before: ConsolePackage | null) {
  const after = (await store.consolePackage(c.env.DB, id))!;
  return { detail: { before: auditView(before), after: auditView(after) }, answer: after };
}

consolePackagesApi.post("/packages", commerce, async (c) => {
  const raw = await jsonBody(c);
  return auditedWrite(c, "package.create", null, raw, async () => {
    const input = parsedBody(createInput, raw);
    // Both halves checked before refusing, so every field's problem shows at once.
    const [pkgCheck, priceCheck] = [checkPackage(input), checkPrice(input)];
    if (!pkgCheck.ok || !priceCheck.ok) throw fieldsRefused([...(pkgCheck.ok ? [] : pkgCheck.problems), ...(priceCheck.ok ? [] : priceCheck.problems)]);
    const [pkg, price] = [pkgCheck.value, priceCheck.value];
    const id = `package-${crypto.randomUUID().slice(0, 8)}`;
    const shop = catalogue(c);
    const product = await stripeCall(c, "product", () => shop.createProduct({ name: pkg.title, description: pkg.customLabel ?? pkg.title, packageId: id }));
    const stripePrice = await newPrice(c, product.id, id, price);
    await store.insertPackage(c.env.DB, { id, pkg, productId: product.id, priceId: stripePrice.id, price });
    return { ...(await written(c, id, null)), status: 201 as const };
  });
});

consolePackagesApi.put("/packages/:id", commerce, async (c) => {
  const raw = await jsonBody(c);
  return auditedWrite(c, "package.edit", c.req.param("id"), raw, async () => {
    const input = parsedBody(editInput, raw);
    const pkg = checkedPackage(input);
    const before = await current(c, input.version);
    const product = await productOf(c, before);
    if (!product.made && pkg.title !== before.title) await stripeCall(c, "product name", () => catalogue(c).updateProduct(product.id, { name: pkg.title }));
    if (!(await store.updatePackage(c.env.DB, before.id, before.version, pkg, product.made ? product.id : null))) throw PACKAGE_CHANGED();
    return written(c, before.id, before);
  });
});

consolePackagesApi.post("/packages/:id/move", commerce, async (c) => {
  const raw = await jsonBody(c);
  return auditedWrite(c, "package.move", c.req.param("id"), raw, async () => {
    const input = parsedBody(moveInput, raw);
    const before = await current(c, input.version);
    const order = await store.packageOrder(c.env.DB);
    const next = moved(order, before.id, input.direction);
    if (!(await store.reorderPackages(c.env.DB, before.id, before.version, next))) throw PACKAGE_CHANGED();
    const after = (await store.consolePackage(c.env.DB, before.id))!;
    return { detail: { before: { order }, after: { order: next } }, answer: after };
  });
});

consolePackagesApi.post("/packages/:id/archive", commerce, async (c) => {
  const raw = await jsonBody(c);
  return auditedWrite(c, "package.archive", c.req.param("id"), raw, async () => {
    const input = parsedBody(versionInput, raw);
    const before = await current(c, input.version);
    const shop = catalogue(c);
    if (!(await store.archivePackage(c.env.DB, before.id, before.version))) throw PACKAGE_CHANGED();
    // D1 took it off sale first, so checkout can no longer name it. Stripe's Product is archived;
    // its holders' subscriptions go on, as Stripe keeps subscriptions to an archived product.
    if (before.stripeProductId) await stripeCleanup(c, "archive product", () => shop.archiveProduct(before.stripeProductId!));
    return written(c, before.id, before);
  });
});

consolePackagesApi.post("/packages/:id/prices", commerce, async (c) => {
  const raw = await jsonBody(c);
  return auditedWrite(c, "package.price-add", c.req.param("id"), raw, async () => {
    const input = parsedBody(priceInput, raw);
    const price = checkedPrice(input);
    const before = await current(c, input.version);
    const product = await productOf(c, before);
    const stripePrice = await newPrice(c, product.id, before.id, price);
    if (!(await store.addPrice(c.env.DB, before.id, before.version, stripePrice.id, price, product.made ? product.id : null))) {
      await stripeCleanup(c, "archive new price", () => catalogue(c).archivePrice(stripePrice.id));
      throw PACKAGE_CHANGED();
    }
    return { ...(await written(c, before.id, before)), status: 201 as const };
  });
});

function priceOf(c: Ctx, pkg: ConsolePackage) {
  const found = pkg.prices.find((p) => p.id === c.req.param("priceId"));
  if (!found) throw new ApiError(404, "PRICE_NOT_FOUND", "No such price on sale in this package");
  return found;
}

consolePackagesApi.put("/packages/:id/prices/:priceId", commerce, async (c) => {
  const raw = await jsonBody(c);
  return auditedWrite(c, "package.price-edit", c.req.param("id"), raw, async () => {
    const input = parsedBody(priceInput, raw);
    const price = checkedPrice(input);
    const before = await current(c, input.version);
    const old = priceOf(c, before);
    if (priceEdit(old, price) === "in-place") {
      if (!(await store.editPriceInPlace(c.env.DB, before.id, before.version, old.id, price))) throw PACKAGE_CHANGED();
      return written(c, before.id, before);
    }
    const product = await productOf(c, before);
    const stripePrice = await newPrice(c, product.id, before.id, price);
    if (!(await store.replacePrice(c.env.DB, before.id, before.version, old.id, stripePrice.id, price, product.made ? product.id : null))) {
      await stripeCleanup(c, "archive new price", () => catalogue(c).archivePrice(stripePrice.id));
      throw PACKAGE_CHANGED();
    }
    // Only once D1 no longer offers it, so checkout never names an archived price. Its holders'
    // subscriptions go on at the old amount, as Stripe keeps them.
    await stripeCleanup(c, "archive old price", () => catalogue(c).archivePrice(old.id));
    return written(c, before.id, before);
  });
});

consolePackagesApi.post("/packages/:id/prices/:priceId/archive", commerce, async (c) => {
  const raw = await jsonBody(c);
  return auditedWrite(c, "package.price-archive", c.req.param("id"), raw, async () => {
    const input = parsedBody(versionInput, raw);
    const before = await current(c, input.version);
    const old = priceOf(c, before);
    if (before.prices.length === 1) throw new ApiError(409, "LAST_PRICE", "A package on sale needs a price: add another first, or archive the package");
    const shop = catalogue(c);
    if (!(await store.archivePrice(c.env.DB, before.id, before.version, old.id))) throw PACKAGE_CHANGED();
    await stripeCleanup(c, "archive price", () => shop.archivePrice(old.id));
    return written(c, before.id, before);
  });
});
