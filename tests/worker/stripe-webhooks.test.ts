import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { accountOf, createAccount, deliver, history, paidEntitlements, shuffled, signedHeader, type StripeEvent } from "./stripe-fixtures";

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
  it("a transient D1 failure answers 500 (Stripe retries) and leaves nothing half-written; the retry applies it", async () => {
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
    const retry = await deliver(first!);
    expect(retry.status).toBe(200);
    expect(await paidEntitlements("pay-d1")).toEqual(["roverstv"]);
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
