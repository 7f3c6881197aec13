import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { accountOf, createAccount, deliver, deliverBody, history, paidEntitlements, shuffled, signedHeader, stripeEvent, type StripeEvent } from "./stripe-fixtures";
import { STALE_CLAIM_MS } from "../../worker/payments/payment-records";

let matchPassPrice = { priceId: "", packageId: "" };
let matchPassEntitlement = "";

beforeAll(async () => {
  const row = await env.DB.prepare("SELECT id, package_id, entitlements FROM prices WHERE type = 'one_time' ORDER BY id LIMIT 1").first<{ id: string; package_id: string; entitlements: string }>();
  matchPassPrice = { priceId: row!.id, packageId: row!.package_id };
  matchPassEntitlement = (JSON.parse(row!.entitlements) as string[])[0]!;
});

async function deliverAll(events: readonly StripeEvent[]): Promise<void> {
  for (const event of events) {
    const response = await deliver(event);
    expect(response.status, `${event.id} ${event.type}`).toBe(200);
  }
}

async function subscriptionsOf(ssoID: string) {
  const { results } = await env.DB.prepare(
    `SELECT s.id, s.status, s.cancel_at_period_end, s.current_period_end, s.price_id FROM stripe_subscriptions s
       JOIN accounts a ON a.id = s.account_id WHERE a.sso_id = ?1 ORDER BY s.id`,
  )
    .bind(ssoID)
    .all<{ id: string; status: string; cancel_at_period_end: number; current_period_end: string | null; price_id: string | null }>();
  // the ids without the history's tag, so that two histories compare
  return results.map((r) => ({ ...r, id: r.id.replace(/_[^_]+$/, "") }));
}

/** Runs the history of `tag` in the order `arrange` gives, and returns what the account ends with. */
async function outcome(tag: string, arrange: (events: StripeEvent[]) => StripeEvent[]) {
  await createAccount(`pay-${tag}`);
  await deliverAll(arrange(history(tag, matchPassPrice)));
  const account = await accountOf(`pay-${tag}`);
  return { entitlements: await paidEntitlements(`pay-${tag}`), customer: account?.stripe_customer_id?.replace(tag, "*"), subscriptions: await subscriptionsOf(`pay-${tag}`) };
}

describe("/webhooks/stripe: a 20-event history", () => {
  it("in order: entitlements follow each subscription, kept to the period end, removed on deletion", async () => {
    const tag = "inorder";
    await createAccount(`pay-${tag}`);
    const events = history(tag, matchPassPrice);
    expect(events).toHaveLength(20);
    const after = async (count: number) => {
      await deliverAll(events.slice(0, count));
      return paidEntitlements(`pay-${tag}`);
    };
    expect(await after(1)).toEqual(["roverstv"]); // checkout with FIRSTMONTH: nothing to pay, granted
    expect(await after(6)).toEqual(["roverstv"]);
    expect(await after(8)).toEqual([]); // renewal failed: past_due
    expect(await after(10)).toEqual(["roverstv"]); // paid after all
    expect(await after(11)).toEqual(["roverstv"]); // cancelled at period end: kept until then
    expect(await after(12)).toEqual([]); // deleted at period end
    // a late event about the deleted subscription (a later `created`) does not bring it back
    const late = { ...events[8]!, id: "evt_inorder_late", created: events[11]!.created + 60 };
    expect((await deliver(late)).status).toBe(200);
    expect(await paidEntitlements(`pay-${tag}`)).toEqual([]);
    expect(await after(13)).toEqual([matchPassEntitlement]);
    expect((await after(20)).sort()).toEqual([matchPassEntitlement, "roverstv+"].sort());
    expect((await accountOf(`pay-${tag}`))?.stripe_customer_id).toBe(`cus_${tag}`);
  });

  it("shuffled, reversed, duplicated and stale-replayed deliveries end as in-order delivery", async () => {
    const expected = await outcome("ref", (e) => e);
    expect(expected.entitlements).toEqual([matchPassEntitlement, "roverstv+"].sort());
    expect(expected.customer).toBe("cus_*");
    expect(expected.subscriptions.map((s) => [s.id, s.status, s.cancel_at_period_end])).toEqual([
      ["sub_a", "canceled", 1],
      ["sub_b", "active", 0],
    ]);
    const arrangements: [string, (e: StripeEvent[]) => StripeEvent[]][] = [
      ["reversed", (e) => [...e].reverse()],
      ...[1, 2, 3, 4, 5].map((seed): [string, (e: StripeEvent[]) => StripeEvent[]] => [`shuffle${seed}`, (e) => shuffled(e, seed)]),
      // every event twice, in a shuffled order: the second delivery of an id changes nothing
      ["duplicated", (e) => shuffled([...e, ...e], 42)],
      // Stripe resends old states later (as new deliveries): the newer state still wins
      ["stale", (e) => [...e, ...e.slice(0, 11).map((x) => ({ ...x, id: `${x.id}_resent` }))]],
    ];
    for (const [name, arrange] of arrangements) {
      expect(await outcome(name, arrange), name).toEqual(expected);
    }
  });

  it("a duplicate event id is answered 200 and changes nothing", async () => {
    const tag = "dup";
    await createAccount(`pay-${tag}`);
    const events = history(tag, matchPassPrice);
    await deliverAll(events.slice(0, 12));
    expect(await paidEntitlements(`pay-${tag}`)).toEqual([]);
    // the first checkout again, same id: it would grant if it were applied again
    const again = await deliver(events[0]!);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ duplicate: true });
    expect(await paidEntitlements(`pay-${tag}`)).toEqual([]);
  });
});

describe("/webhooks/stripe: signatures", () => {
  const countEvents = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM processed_webhook_events").first<{ n: number }>())!.n;

  it("good signature: 200 and applied", async () => {
    await createAccount("pay-sig-good");
    const [first] = history("sig-good", matchPassPrice);
    const response = await deliver(first!);
    expect(response.status).toBe(200);
    expect(await paidEntitlements("pay-sig-good")).toEqual(["roverstv"]);
  });

  for (const [name, header] of [
    ["missing", async () => ""],
    ["forged (another secret)", async (body: string) => signedHeader(body, { secret: "whsec_someone_else" })],
    ["stale (301 s old)", async (body: string) => signedHeader(body, { ageSeconds: 301 })],
    ["for another body", async () => signedHeader("{}")],
  ] as const) {
    it(`${name}: 400 and nothing written`, async () => {
      const tag = `sig-${name.split(" ")[0]}`;
      await createAccount(`pay-${tag}`);
      const [first] = history(tag, matchPassPrice);
      const before = await countEvents();
      const response = await deliver(first!, { header: await header(JSON.stringify(first)) });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ errors: [{ code: "BAD_SIGNATURE", detail: expect.any(String) }] });
      expect(await countEvents()).toBe(before);
      expect(await accountOf(`pay-${tag}`)).toMatchObject({ paid_entitlements: "[]", stripe_customer_id: null });
    });
  }

  it("a signature 299 s old is still accepted (tolerance 300 s)", async () => {
    await createAccount("pay-sig-299");
    const [first] = history("sig-299", matchPassPrice);
    expect((await deliver(first!, { ageSeconds: 299 })).status).toBe(200);
  });
});

describe("/webhooks/stripe: failures and configuration", () => {
  it("a transient D1 failure answers 500 (Stripe retries), leaves nothing half-written and frees the claim; the retry applies it", async () => {
    await createAccount("pay-d1");
    const [first] = history("d1", matchPassPrice);
    const failingDb = {
      prepare: (sql: string) => env.DB.prepare(sql),
      batch: async () => {
        throw new Error("D1_ERROR: Network connection lost.");
      },
    };
    const response = await deliver(first!, { env: { ...env, DB: failingDb } as unknown as Env });
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ errors: [{ code: "WEBHOOK_FAILED" }] });
    expect(await accountOf("pay-d1")).toMatchObject({ paid_entitlements: "[]", stripe_customer_id: null });
    expect(await claimOf(first!.id)).toBeNull();
    expect(await deliveriesOf(first!.id)).toEqual([{ outcome: "failed", detail: expect.stringContaining("Network connection lost") }]);
    const retry = await deliver(first!);
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({ received: true });
    expect(await paidEntitlements("pay-d1")).toEqual(["roverstv"]);
    expect(await claimOf(first!.id)).toMatchObject({ outcome: "applied", claim: null });
  });

  it("production without STRIPE_WEBHOOK_SECRET (or with the development one) answers 503 and writes nothing", async () => {
    const [first] = history("prod", matchPassPrice);
    const production = { ...env, ENVIRONMENT: undefined } as unknown as Env;
    expect((await deliver(first!, { env: production })).status).toBe(503);
    const withDevSecret = { ...env, ENVIRONMENT: undefined, STRIPE_WEBHOOK_SECRET: "whsec_dev_only_northbridge_rovers_0123456789abcdef" } as unknown as Env;
    expect((await deliver(first!, { env: withDevSecret })).status).toBe(503);
  });

  it("needs no session and no Origin (CSRF-exempt), and refuses other methods", async () => {
    const response = await deliver(history("nosession", matchPassPrice)[1]!);
    expect(response.status).toBe(200);
    const get = await (await import("../../worker/app")).app.request("http://localhost/webhooks/stripe", {}, env);
    expect(get.status).not.toBe(200);
  });
});

const claimOf = (eventId: string) =>
  env.DB.prepare("SELECT outcome, claim, type FROM processed_webhook_events WHERE event_id = ?1").bind(eventId).first<{ outcome: string; claim: string | null; type: string }>();

async function deliveriesOf(eventId: string) {
  const { results } = await env.DB.prepare("SELECT outcome, detail FROM webhook_deliveries WHERE event_id = ?1 ORDER BY id").bind(eventId).all<{ outcome: string; detail: string | null }>();
  return results;
}

const rowCounts = async () =>
  env.DB.prepare(
    `SELECT (SELECT COUNT(*) FROM processed_webhook_events) AS claims, (SELECT COUNT(*) FROM webhook_deliveries) AS deliveries,
            (SELECT COUNT(*) FROM stripe_reversals) AS reversals, (SELECT COUNT(*) FROM stripe_payment_keys) AS keys`,
  ).first();

describe("/webhooks/stripe: claim first, never a 5xx for what Stripe sends", () => {
  it("20 parallel deliveries of one event id: 20 × 200, applied by exactly one, the others 'duplicate'", async () => {
    await createAccount("pay-parallel");
    const [first] = history("parallel", matchPassPrice);
    const responses = await Promise.all(Array.from({ length: 20 }, () => deliver(first!)));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as { duplicate?: boolean }[];
    expect(bodies.filter((b) => !b.duplicate)).toEqual([{ received: true }]);
    expect(bodies.filter((b) => b.duplicate)).toHaveLength(19);
    expect(await claimOf(first!.id)).toEqual({ outcome: "applied", claim: null, type: "checkout.session.completed" });
    const outcomes = (await deliveriesOf(first!.id)).map((d) => d.outcome).sort();
    expect(outcomes).toEqual(["applied", ...Array(19).fill("duplicate")]);
    expect(await paidEntitlements("pay-parallel")).toEqual(["roverstv"]);
    const purchases = await env.DB.prepare("SELECT COUNT(*) AS n FROM purchases WHERE stripe_session_id = 'cs_a_parallel'").first<{ n: number }>();
    expect(purchases!.n).toBe(1);
  });

  for (const [name, body] of [
    ["{}", "{}"],
    ["[]", "[]"],
    ["null", "null"],
    ["a string", JSON.stringify("evt_123")],
    ["a number", "42"],
    ["not JSON", "hello"],
    ["wrong types", JSON.stringify({ id: 5, object: "event", type: "checkout.session.completed", created: "today", data: { object: {} } })],
    ["no data.object", JSON.stringify({ id: "evt_x", object: "event", type: "charge.refunded", created: 1, data: {} })],
    ["data.object an array", JSON.stringify({ id: "evt_y", object: "event", type: "charge.refunded", created: 1, data: { object: [] } })],
    ["another kind of object", JSON.stringify({ id: "evt_z", object: "charge", type: "charge.refunded", created: 1, data: { object: {} } })],
  ] as const) {
    it(`a correctly signed body that is not an event (${name}): 400 INVALID_EVENT, JSON, nothing written`, async () => {
      const before = await rowCounts();
      const response = await deliverBody(body);
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ errors: [{ code: "INVALID_EVENT", detail: expect.any(String) }] });
      expect(await rowCounts()).toEqual(before);
    });
  }

  it("an unknown type: 200 ignored, claimed as 'ignored' and counted; its redelivery is a counted duplicate; the console's queries read them", async () => {
    const type = "customer.tax_id.created";
    const event = stripeEvent(type, Math.floor(Date.now() / 1000), { id: "txi_1", object: "tax_id" });
    const response = await deliver(event);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, ignored: true });
    expect(await claimOf(event.id)).toMatchObject({ outcome: "ignored" });
    expect((await deliver(event)).status).toBe(200);
    expect(await deliveriesOf(event.id)).toEqual([
      { outcome: "ignored", detail: `unhandled type ${type}` },
      { outcome: "duplicate", detail: null },
    ]);
    // the webhook-health console's queries (docs/payments.md)
    const hour = new Date().toISOString().slice(0, 13) + ":00:00Z";
    const ignored = await env.DB.prepare(
      `SELECT strftime('%Y-%m-%dT%H:00:00Z', received_at) AS hour, type, COUNT(*) AS n FROM webhook_deliveries
        WHERE outcome = 'ignored' GROUP BY hour, type ORDER BY hour DESC, n DESC`,
    ).all<{ hour: string; type: string; n: number }>();
    expect(ignored.results).toContainEqual({ hour, type, n: 1 });
    const duplicates = await env.DB.prepare(
      `SELECT strftime('%Y-%m-%dT%H:00:00Z', received_at) AS hour, COUNT(*) AS n FROM webhook_deliveries
        WHERE outcome = 'duplicate' GROUP BY hour ORDER BY hour DESC`,
    ).all<{ hour: string; n: number }>();
    expect(duplicates.results.find((r) => r.hour === hour)?.n).toBeGreaterThanOrEqual(1);
  });

  it("a known type whose object cannot be read is ignored (200), not a 5xx, and says why", async () => {
    const event = stripeEvent("charge.refunded", Math.floor(Date.now() / 1000), { id: "ch_malformed", amount: "lots" });
    const response = await deliver(event);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, ignored: true });
    expect(await deliveriesOf(event.id)).toEqual([{ outcome: "ignored", detail: "malformed charge.refunded" }]);
    expect(await env.DB.prepare("SELECT 1 FROM stripe_reversals WHERE id = 'ch_malformed'").first()).toBeNull();
  });

  it("a claim left 'processing' by a delivery that died is taken over after a minute; a fresh one is a duplicate", async () => {
    await createAccount("pay-takeover");
    await createAccount("pay-freshclaim");
    const [stale] = history("takeover", matchPassPrice);
    const [fresh] = history("freshclaim", matchPassPrice);
    const claim = env.DB.prepare("INSERT INTO processed_webhook_events (event_id, type, outcome, claim, claimed_at) VALUES (?1, ?2, 'processing', 'dead', ?3)");
    await claim.bind(stale!.id, stale!.type, Date.now() - STALE_CLAIM_MS - 1_000).run();
    await claim.bind(fresh!.id, fresh!.type, Date.now()).run();
    expect(await (await deliver(stale!)).json()).toEqual({ received: true });
    expect(await paidEntitlements("pay-takeover")).toEqual(["roverstv"]);
    expect(await claimOf(stale!.id)).toMatchObject({ outcome: "applied", claim: null });
    expect(await (await deliver(fresh!)).json()).toEqual({ received: true, duplicate: true });
    expect(await paidEntitlements("pay-freshclaim")).toEqual([]);
  });
});
