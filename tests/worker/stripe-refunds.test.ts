// Refunds and disputes take back what a payment granted, a failed delayed payment grants
// nothing, and losing an entitlement ends the account's live streams.
import { tinyLadderVideo } from "./video-pipeline-fixtures";
import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { charge, createAccount, deliver, dispute, paidEntitlements, shuffled, stripeEvent, type StripeEvent } from "./stripe-fixtures";
import { browser, devToken, freshIdentity, signInWithToken, type Browser } from "./auth-test-app";
import { sweepPayments } from "../../worker/payments/payment-sweep";
import { AUDIO_SEGMENT_SECONDS, expectSegmentBound, VOD_SEGMENT_SECONDS } from "./live-bound";
import { goLive } from "./live-media";

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
let pass = { priceId: "", packageId: "", entitlement: "" };

afterEach(() => {
  vi.useRealTimers();
});

beforeAll(async () => {
  const row = await env.DB.prepare("SELECT id, package_id, entitlements FROM prices WHERE type = 'one_time' ORDER BY id LIMIT 1").first<{ id: string; package_id: string; entitlements: string }>();
  pass = { priceId: row!.id, packageId: row!.package_id, entitlement: (JSON.parse(row!.entitlements) as string[])[0]! };
});

async function deliverAll(events: readonly StripeEvent[]): Promise<void> {
  for (const event of events) {
    const response = await deliver(event);
    expect(response.status, `${event.id} ${event.type}`).toBe(200);
  }
}

/** A match pass bought with payment intent `pi` (a payment-mode checkout). */
function passCheckout(user: string, tag: string, t: number, o: { type?: string; paymentStatus?: string } = {}) {
  return stripeEvent(o.type ?? "checkout.session.completed", t, {
    id: `cs_${tag}`,
    object: "checkout.session",
    mode: "payment",
    customer: `cus_${user}`,
    subscription: null,
    invoice: null,
    payment_intent: `pi_${tag}`,
    payment_status: o.paymentStatus ?? "paid",
    metadata: { userID: user, packageID: pass.packageId, priceID: pass.priceId },
  });
}

const PLUS = "price_roverstv_plus_year";
const PLUS_AMOUNT = 4499;

/**
 * A paid yearly Rovers TV+ subscription's events. `current`: the checkout names its first invoice,
 * invoice.paid carries no payment, invoice_payment.paid names the payment intent (and a refund's
 * charge names only the payment intent). `older`: invoice.paid itself names payment_intent and charge.
 */
function plusSubscription(user: string, tag: string, t: number, shape: "current" | "older") {
  const sub = `sub_${tag}`;
  const invoice = `in_${tag}`;
  const paymentIntent = `pi_${tag}`;
  const chargeId = `ch_${tag}`;
  const periodEnd = t + 365 * DAY;
  const events = [
    stripeEvent("checkout.session.completed", t, {
      id: `cs_${tag}`,
      object: "checkout.session",
      mode: "subscription",
      customer: `cus_${user}`,
      subscription: sub,
      invoice,
      payment_intent: null,
      payment_status: "paid",
      metadata: { userID: user, packageID: "roverstv-plus", priceID: PLUS },
    }),
    stripeEvent("customer.subscription.created", t, {
      id: sub,
      object: "subscription",
      customer: `cus_${user}`,
      status: "active",
      cancel_at_period_end: false,
      metadata: { userID: user },
      items: { object: "list", data: [{ price: { id: PLUS }, current_period_end: periodEnd }] },
    }),
  ];
  if (shape === "current") {
    events.push(
      stripeEvent("invoice.paid", t, {
        id: invoice,
        object: "invoice",
        customer: `cus_${user}`,
        parent: { subscription_details: { subscription: sub, metadata: { userID: user } } },
        lines: { data: [{ period: { end: periodEnd }, pricing: { price_details: { price: PLUS } } }] },
      }),
      stripeEvent("invoice_payment.paid", t, {
        id: `inpay_${tag}`,
        object: "invoice_payment",
        invoice,
        status: "paid",
        payment: { type: "payment_intent", payment_intent: paymentIntent },
      }),
    );
  } else {
    events.push(
      stripeEvent("invoice.paid", t, {
        id: invoice,
        object: "invoice",
        customer: `cus_${user}`,
        subscription: sub,
        payment_intent: paymentIntent,
        charge: chargeId,
        lines: { data: [{ period: { end: periodEnd }, price: { id: PLUS } }] },
      }),
    );
  }
  const subscriptionUpdated = (created: number, status = "active") =>
    stripeEvent("customer.subscription.updated", created, {
      id: sub,
      object: "subscription",
      customer: `cus_${user}`,
      status,
      cancel_at_period_end: false,
      metadata: { userID: user },
      items: { object: "list", data: [{ price: { id: PLUS }, current_period_end: periodEnd }] },
    });
  return { events, sub, invoice, paymentIntent, chargeId, subscriptionUpdated };
}

async function reversalOf(id: string) {
  return env.DB.prepare("SELECT kind, status, takes_back, amount, amount_reversed FROM stripe_reversals WHERE id = ?1").bind(id).first();
}

describe("refunds", () => {
  it("a full refund of a match pass takes the pass back; the purchase stays recorded as paid", async () => {
    const user = "rf-pass";
    await createAccount(user);
    const t = now();
    await deliverAll([passCheckout(user, "rfpass", t)]);
    expect(await paidEntitlements(user)).toEqual([pass.entitlement]);
    await deliverAll([stripeEvent("charge.refunded", t + 60, charge("ch_rfpass", { amount: 500, refunded: 500, paymentIntent: "pi_rfpass" }))]);
    expect(await paidEntitlements(user)).toEqual([]);
    expect(await reversalOf("ch_rfpass")).toEqual({ kind: "refund", status: "full", takes_back: 1, amount: 500, amount_reversed: 500 });
    const purchase = await env.DB.prepare("SELECT status FROM purchases WHERE stripe_session_id = 'cs_rfpass'").first<{ status: string }>();
    expect(purchase?.status).toBe("paid");
  });

  it("a partial refund is recorded and takes nothing back; the refund completing it does; an older partial event after that changes nothing", async () => {
    const user = "rf-partial";
    await createAccount(user);
    const t = now();
    await deliverAll([passCheckout(user, "rfpart", t)]);
    const partial = stripeEvent("charge.refunded", t + 60, charge("ch_rfpart", { amount: 500, refunded: 200, paymentIntent: "pi_rfpart" }));
    await deliverAll([partial]);
    expect(await paidEntitlements(user)).toEqual([pass.entitlement]);
    expect(await reversalOf("ch_rfpart")).toEqual({ kind: "refund", status: "partial", takes_back: 0, amount: 500, amount_reversed: 200 });
    await deliverAll([stripeEvent("charge.refunded", t + 120, charge("ch_rfpart", { amount: 500, refunded: 500, paymentIntent: "pi_rfpart" }))]);
    expect(await paidEntitlements(user)).toEqual([]);
    // Stripe resends the earlier partial state as a new event: a full refund is final
    await deliverAll([{ ...partial, id: `${partial.id}_resent` }]);
    expect(await paidEntitlements(user)).toEqual([]);
    expect(await reversalOf("ch_rfpart")).toMatchObject({ status: "full", amount_reversed: 500 });
  });

  for (const shape of ["current", "older"] as const) {
    it(`a full refund of a subscription's payment (${shape} API shapes) takes its entitlements back; a duplicate or an older subscription.updated does not re-grant`, async () => {
      const user = `rf-sub-${shape}`;
      await createAccount(user);
      const t = now();
      const plus = plusSubscription(user, `rfsub${shape}`, t, shape);
      await deliverAll(plus.events);
      expect(await paidEntitlements(user)).toEqual(["roverstv+"]);
      // the current API's charge names its payment intent only; the older one's the invoice (no payment intent here, to show that path)
      const refund =
        shape === "current"
          ? charge(plus.chargeId, { amount: PLUS_AMOUNT, refunded: PLUS_AMOUNT, paymentIntent: plus.paymentIntent })
          : charge(plus.chargeId, { amount: PLUS_AMOUNT, refunded: PLUS_AMOUNT, invoice: plus.invoice });
      await deliverAll([stripeEvent("charge.refunded", t + 60, refund)]);
      expect(await paidEntitlements(user)).toEqual([]);

      // the same invoice.paid again (a duplicate id), then as a new delivery, then an older and a newer 'active' update
      const invoicePaid = plus.events.find((e) => e.type === "invoice.paid")!;
      expect(await (await deliver(invoicePaid)).json()).toMatchObject({ duplicate: true });
      await deliverAll([{ ...invoicePaid, id: `${invoicePaid.id}_resent` }, plus.subscriptionUpdated(t - 60), plus.subscriptionUpdated(t + 120)]);
      expect(await paidEntitlements(user)).toEqual([]);

      // a later renewal is a new payment: it pays for the new period
      await deliverAll([
        stripeEvent("invoice.paid", t + 365 * DAY, {
          id: `in_renewal_${shape}`,
          object: "invoice",
          customer: `cus_${user}`,
          subscription: plus.sub,
          lines: { data: [{ period: { end: t + 730 * DAY }, price: { id: PLUS } }] },
        }),
      ]);
      expect(await paidEntitlements(user)).toEqual(["roverstv+"]);
    });
  }

  it("a refund of an earlier period, once a later one is paid, leaves the subscription", async () => {
    const user = "rf-earlier";
    await createAccount(user);
    const t = now();
    const plus = plusSubscription(user, "rfearlier", t, "older");
    await deliverAll([
      ...plus.events,
      stripeEvent("invoice.paid", t + 30 * DAY, {
        id: "in_rfearlier_2",
        object: "invoice",
        customer: `cus_${user}`,
        subscription: plus.sub,
        payment_intent: "pi_rfearlier_2",
        lines: { data: [{ period: { end: t + 395 * DAY }, price: { id: PLUS } }] },
      }),
      stripeEvent("charge.refunded", t + 31 * DAY, charge(plus.chargeId, { amount: PLUS_AMOUNT, refunded: PLUS_AMOUNT, paymentIntent: plus.paymentIntent })),
    ]);
    expect(await paidEntitlements(user)).toEqual(["roverstv+"]);
  });

  it("a refund that arrives before its checkout.session.completed: nothing is granted, in any order", async () => {
    const user = "rf-early-pass";
    await createAccount(user);
    const t = now();
    await deliverAll([
      stripeEvent("charge.refunded", t + 60, charge("ch_rfearly", { amount: 500, refunded: 500, paymentIntent: "pi_rfearly" })),
      passCheckout(user, "rfearly", t),
    ]);
    expect(await paidEntitlements(user)).toEqual([]);

    // a subscription: the refund and its four events, in every one of several shuffled orders
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const subUser = `rf-early-sub-${seed}`;
      await createAccount(subUser);
      const plus = plusSubscription(subUser, `rfearlysub${seed}`, t, "current");
      const refund = stripeEvent("charge.refunded", t + 60, charge(plus.chargeId, { amount: PLUS_AMOUNT, refunded: PLUS_AMOUNT, paymentIntent: plus.paymentIntent }));
      await deliverAll(shuffled([refund, ...plus.events], seed));
      expect(await paidEntitlements(subUser), `seed ${seed}`).toEqual([]);
    }
  });
});

describe("disputes", () => {
  it("a dispute takes the pass back; won gives it back; closed is final whatever comes after", async () => {
    const user = "dp-won";
    await createAccount(user);
    const t = now();
    await deliverAll([passCheckout(user, "dpwon", t)]);
    const opened = { charge: "ch_dpwon", paymentIntent: "pi_dpwon", amount: 500 };
    await deliverAll([stripeEvent("charge.dispute.created", t + 60, dispute("du_dpwon", { ...opened, status: "needs_response" }))]);
    expect(await paidEntitlements(user)).toEqual([]);
    await deliverAll([stripeEvent("charge.dispute.updated", t + 120, dispute("du_dpwon", { ...opened, status: "under_review" }))]);
    expect(await paidEntitlements(user)).toEqual([]);
    await deliverAll([stripeEvent("charge.dispute.closed", t + 600, dispute("du_dpwon", { ...opened, status: "won" }))]);
    expect(await paidEntitlements(user)).toEqual([pass.entitlement]);
    // a late 'under_review' (newer `created` even) does not reopen a closed dispute
    await deliverAll([stripeEvent("charge.dispute.updated", t + 700, dispute("du_dpwon", { ...opened, status: "under_review" }))]);
    expect(await paidEntitlements(user)).toEqual([pass.entitlement]);
    expect(await reversalOf("du_dpwon")).toMatchObject({ kind: "dispute", status: "won", takes_back: 0 });
  });

  it("a lost dispute keeps it taken back; closed before created (out of order) ends the same", async () => {
    const user = "dp-lost";
    await createAccount(user);
    const t = now();
    const opened = { charge: "ch_dplost", paymentIntent: "pi_dplost", amount: 500 };
    await deliverAll([
      stripeEvent("charge.dispute.closed", t + 600, dispute("du_dplost", { ...opened, status: "lost" })),
      passCheckout(user, "dplost", t),
      stripeEvent("charge.dispute.created", t + 60, dispute("du_dplost", { ...opened, status: "needs_response" })),
    ]);
    expect(await paidEntitlements(user)).toEqual([]);
    expect(await reversalOf("du_dplost")).toMatchObject({ status: "lost", takes_back: 1 });
  });

  it("a dispute of a subscription's payment takes the subscription's entitlements back", async () => {
    const user = "dp-sub";
    await createAccount(user);
    const t = now();
    const plus = plusSubscription(user, "dpsub", t, "current");
    await deliverAll(plus.events);
    expect(await paidEntitlements(user)).toEqual(["roverstv+"]);
    // the dispute object names its charge as an id and the payment intent
    await deliverAll([stripeEvent("charge.dispute.created", t + DAY, dispute("dp_dpsub", { charge: plus.chargeId, paymentIntent: plus.paymentIntent, amount: PLUS_AMOUNT, status: "needs_response" }))]);
    expect(await paidEntitlements(user)).toEqual([]);
  });
});

describe("checkout.session.async_payment_failed", () => {
  it("a delayed payment that fails grants nothing and marks the purchase failed, in either order; one that succeeds grants", async () => {
    const t = now();
    await createAccount("async-failed");
    await deliverAll([
      passCheckout("async-failed", "asyncfail", t, { paymentStatus: "unpaid" }),
      passCheckout("async-failed", "asyncfail", t + 3 * DAY, { type: "checkout.session.async_payment_failed", paymentStatus: "unpaid" }),
    ]);
    expect(await paidEntitlements("async-failed")).toEqual([]);

    await createAccount("async-failed-first");
    await deliverAll([
      passCheckout("async-failed-first", "asyncfailfirst", t + 3 * DAY, { type: "checkout.session.async_payment_failed", paymentStatus: "unpaid" }),
      passCheckout("async-failed-first", "asyncfailfirst", t, { paymentStatus: "unpaid" }),
    ]);
    expect(await paidEntitlements("async-failed-first")).toEqual([]);
    const statuses = await env.DB.prepare("SELECT stripe_session_id AS id, status FROM purchases WHERE stripe_session_id IN ('cs_asyncfail', 'cs_asyncfailfirst') ORDER BY 1").all();
    expect(statuses.results).toEqual([
      { id: "cs_asyncfail", status: "failed" },
      { id: "cs_asyncfailfirst", status: "failed" },
    ]);

    await createAccount("async-ok");
    await deliverAll([
      passCheckout("async-ok", "asyncok", t, { paymentStatus: "unpaid" }),
      passCheckout("async-ok", "asyncok", t + 3 * DAY, { type: "checkout.session.async_payment_succeeded", paymentStatus: "paid" }),
    ]);
    expect(await paidEntitlements("async-ok")).toEqual([pass.entitlement]);
  });
});

describe("losing an entitlement ends the account's live streams", () => {
  const MEN_AUDIO = "men-audio-commentary"; // needs roverstv+

  /** A signed-in account, with the men's audio on air (the ingest's media, tests/worker/live-media.ts). */
  async function signedInWatcher(clubEntitlements: string[] = []): Promise<{ b: Browser; ssoID: string }> {
    await goLive(MEN_AUDIO, "audio");
    const identity = freshIdentity("rf-live");
    const b = browser();
    const response = await signInWithToken(b, (nonce) => devToken(identity, { nonce }));
    expect(response.status).toBe(302);
    await env.DB.prepare("UPDATE accounts SET entitlements = ?2 WHERE sso_id = ?1").bind(identity.ssoID, JSON.stringify(clubEntitlements)).run();
    return { b, ssoID: identity.ssoID };
  }

  async function admit(b: Browser): Promise<void> {
    const response = await b.fetch("/api/session/check", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data: { attributes: { videoID: MEN_AUDIO, mediaType: "audio" } } }),
    });
    expect(response.status).toBe(200);
  }

  const streamsOf = (ssoID: string) => env.STREAM_SESSIONS.get(env.STREAM_SESSIONS.idFromName(ssoID)).sessions();
  const isListedReleased = async (id: string) => (await env.DB.prepare("SELECT 1 FROM released_stream_sessions WHERE id = ?1").bind(id).first()) !== null;

  it("a full refund of the subscription releases the session (the object forgets it, D1 lists it); a partial refund before it released nothing", async () => {
    const { b, ssoID } = await signedInWatcher();
    const t = now();
    const plus = plusSubscription(ssoID, `rflive${Date.now()}`, t, "current");
    await deliverAll(plus.events);
    await admit(b);
    const [session] = await streamsOf(ssoID);
    expect(session).toBeDefined();

    await deliverAll([stripeEvent("charge.refunded", t + 60, charge(plus.chargeId, { amount: PLUS_AMOUNT, refunded: 1000, paymentIntent: plus.paymentIntent }))]);
    expect((await streamsOf(ssoID)).map((s) => s.id)).toEqual([session!.id]);
    expect(await isListedReleased(session!.id)).toBe(false);

    await deliverAll([stripeEvent("charge.refunded", t + 120, charge(plus.chargeId, { amount: PLUS_AMOUNT, refunded: PLUS_AMOUNT, paymentIntent: plus.paymentIntent }))]);
    expect(await streamsOf(ssoID)).toEqual([]);
    expect(await isListedReleased(session!.id)).toBe(true);
  });

  it("an account that still holds the right elsewhere (the club's roverstv+) keeps its session through a refund", async () => {
    const { b, ssoID } = await signedInWatcher(["roverstv+"]);
    const t = now();
    const plus = plusSubscription(ssoID, `rfkeep${Date.now()}`, t, "current");
    await deliverAll(plus.events);
    await admit(b);
    const [session] = await streamsOf(ssoID);
    await deliverAll([stripeEvent("charge.refunded", t + 60, charge(plus.chargeId, { amount: PLUS_AMOUNT, refunded: PLUS_AMOUNT, paymentIntent: plus.paymentIntent }))]);
    expect(await paidEntitlements(ssoID)).toEqual([]);
    expect((await streamsOf(ssoID)).map((s) => s.id)).toEqual([session!.id]);
    expect(await isListedReleased(session!.id)).toBe(false);
  });

  /**
   * Each way of losing the right, through the real webhook or admin API, stops a running live
   * token at its very next playlist and an on-demand replay at its next playlist, master or media
   * level, with the gate's code; a segment URL the player already holds plays until its segment
   * token runs out (18 s for the live audio, 12 s on demand), never after; the next on-demand
   * renewal is refused.
   */
  it.each(["cancellation", "full refund", "dispute", "block"] as const)("a %s stops a running live token at its next playlist, its signed segments within 18 s; the next on-demand playlists and renewal are refused, their segments within 12 s", async (loss) => {
    const ADMIN_TOKEN = "an-admin-token-long-enough-for-tests";
    const { b, ssoID } = await signedInWatcher();
    const t = now();
    const plus = plusSubscription(ssoID, `rfstop${loss.replace(" ", "")}${Date.now()}`, t, "older");
    await deliverAll(plus.events);
    expect(await paidEntitlements(ssoID)).toEqual(["roverstv+"]);

    vi.useFakeTimers({ toFake: ["Date"] }); // frozen: the bounds below count from the playlists
    const check = await b.fetch("/api/session/check", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data: { attributes: { videoID: MEN_AUDIO, mediaType: "audio" } } }),
    });
    expect(check.status).toBe(200);
    const { url } = ((await check.json()) as { data: { attributes: { url: string } } }).data.attributes;
    const playlist = await b.fetch(url);
    expect(playlist.status).toBe(200);
    const segment = (await playlist.text()).split("\n").find((line) => /^r\d+-seg/.test(line));
    const segmentUrl = url.slice(0, url.lastIndexOf("/") + 1) + segment;
    expect((await b.fetch(segmentUrl)).status).toBe(200);

    const replay = await env.DB.prepare("SELECT entry_id FROM videos WHERE entitlements = ?1 ORDER BY id LIMIT 1").bind(JSON.stringify(["roverstv+", "vip"])).first<{ entry_id: string }>();
    await tinyLadderVideo(replay!.entry_id);
    const vodGate = () => b.fetch("/api/playback", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ entryId: replay!.entry_id }) });
    const vodGrant = await vodGate();
    expect(vodGrant.status).toBe(200);
    // An on-demand replay playing beside it: its master, a media playlist and a segment it lists.
    const vod = ((await vodGrant.json()) as { data: { attributes: { url: string; token: string } } }).data.attributes;
    const vodMedia = `/media/vod/${replay!.entry_id}/480p/index.m3u8?token=${encodeURIComponent(vod.token)}`;
    expect((await b.fetch(vod.url)).status).toBe(200);
    const vodPlaylist = await b.fetch(vodMedia);
    expect(vodPlaylist.status).toBe(200);
    const vodSegment = `/media/vod/${replay!.entry_id}/480p/${(await vodPlaylist.text()).split("\n").find((line) => line.startsWith("seg"))}`;
    expect((await b.fetch(vodSegment)).status).toBe(200);

    if (loss === "block") {
      const res = await browser({ ADMIN_TOKEN }).fetch(`/api/admin/accounts/${encodeURIComponent(ssoID)}/block`, { method: "POST", headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
      expect(res.status).toBe(200);
    } else {
      const event = {
        cancellation: { ...plus.subscriptionUpdated(t + 60, "canceled"), type: "customer.subscription.deleted" },
        "full refund": stripeEvent("charge.refunded", t + 60, charge(plus.chargeId, { amount: PLUS_AMOUNT, refunded: PLUS_AMOUNT, paymentIntent: plus.paymentIntent })),
        dispute: stripeEvent("charge.dispute.created", t + 60, dispute(`du_${ssoID}`, { charge: plus.chargeId, paymentIntent: plus.paymentIntent, amount: PLUS_AMOUNT, status: "needs_response" })),
      }[loss];
      await deliverAll([event]);
      expect(await paidEntitlements(ssoID)).toEqual([]);
    }

    const code = loss === "block" ? "ERR_56882466_1" : "ERR_3684853_3";
    const res = await b.fetch(url);
    expect(res.status).toBe(403);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toMatchObject({ errors: [{ code }] });
    await expectSegmentBound((u) => b.fetch(u), segmentUrl, AUDIO_SEGMENT_SECONDS);
    // On-demand: both playlist levels refuse at once with the gate's code and text, and the
    // segment already listed stops at its segment token's bound (12 s), for the browser and a script.
    const vodRefusal =
      loss === "block"
        ? { code: "BLOCKED", detail: "Your account has been blocked by an administrator", status: 3 }
        : { code: "NO_SUBSCRIPTION", detail: "Sorry but you do not have any subscriptions", status: 1 };
    for (const playlistUrl of [vod.url, vodMedia]) {
      const refused = await b.fetch(playlistUrl);
      expect(refused.status, playlistUrl).toBe(403);
      expect(await refused.json()).toEqual({ errors: [vodRefusal] });
    }
    await expectSegmentBound((u) => b.fetch(u), vodSegment, VOD_SEGMENT_SECONDS, { status: 403, code: vodRefusal.code });
    await expectSegmentBound((u) => browser().fetch(u), vodSegment, VOD_SEGMENT_SECONDS);
    const renewal = await vodGate();
    expect(renewal.status).toBe(403);
    expect(await streamsOf(ssoID)).toEqual([]);
  });

  it("a dispute and a cancellation release too", async () => {
    for (const ending of ["dispute", "deleted"] as const) {
      const { b, ssoID } = await signedInWatcher();
      const t = now();
      const plus = plusSubscription(ssoID, `rfend${ending}${Date.now()}`, t, "current");
      await deliverAll(plus.events);
      await admit(b);
      const [session] = await streamsOf(ssoID);
      await deliverAll([
        ending === "dispute"
          ? stripeEvent("charge.dispute.created", t + 60, dispute(`du_${ssoID}`, { charge: plus.chargeId, paymentIntent: plus.paymentIntent, amount: PLUS_AMOUNT, status: "needs_response" }))
          : { ...plus.subscriptionUpdated(t + 60, "canceled"), type: "customer.subscription.deleted" },
      ]);
      expect(await streamsOf(ssoID), ending).toEqual([]);
      expect(await isListedReleased(session!.id), ending).toBe(true);
    }
  });

  it("the period-end sweep releases the sessions of an account whose cancelled period is over", async () => {
    const { b, ssoID } = await signedInWatcher();
    const t = now();
    const sub = `sub_rfsweep_${Date.now()}`;
    await deliverAll([
      stripeEvent("customer.subscription.created", t, {
        id: sub,
        object: "subscription",
        customer: `cus_${ssoID}`,
        status: "active",
        cancel_at_period_end: true,
        metadata: { userID: ssoID },
        items: { object: "list", data: [{ price: { id: PLUS }, current_period_end: t + 30 * DAY }] },
      }),
    ]);
    await admit(b);
    const [session] = await streamsOf(ssoID);
    expect(await sweepPayments(env)).toMatchObject({ released: 0 });
    expect(await streamsOf(ssoID)).toHaveLength(1);
    // a test clock: the period ended a second ago
    await env.DB.prepare("UPDATE stripe_subscriptions SET current_period_end = ?2 WHERE id = ?1").bind(sub, new Date(Date.now() - 1_000).toISOString()).run();
    expect(await sweepPayments(env)).toMatchObject({ released: 1 });
    expect(await streamsOf(ssoID)).toEqual([]);
    expect(await isListedReleased(session!.id)).toBe(true);
  });
});
