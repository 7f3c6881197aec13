/**
 * Demo Stripe webhook history for the console's webhook health: 40 hours of
 * deliveries ending ten minutes before the seed is loaded, with duplicates, ignored types, a few
 * failures and a slow hour, so /admin/webhooks means something on a fresh `npm run dev`.
 *
 * Unlike the rest of the seed these rows are placed relative to the moment the statements run
 * (SQLite's 'now'), since the page looks at the last 48 hours; the statements themselves are the
 * same on every build. Its own module and its own table, so no other seed's rows or counts change.
 */
import { createRandom } from "./prng.mjs";

const HOURS = 40;
const APPLIED_TYPES = ["invoice.paid", "customer.subscription.updated", "checkout.session.completed", "invoice_payment.paid", "customer.subscription.created"];
const IGNORED_TYPES = ["customer.created", "payment_method.attached", "charge.succeeded"];

/** One delivery: seconds before 'now' it arrived, the lag after Stripe's `created`, and what became of it. */
function deliveries() {
  const { next: random, int, pick } = createRandom("webhook-history");
  const rows = [];
  let n = 0;
  for (let hour = HOURS - 1; hour >= 0; hour -= 1) {
    const count = int(1, 6);
    for (let i = 0; i < count; i += 1) {
      // the newest delivery ten minutes before the seed runs
      const ago = 600 + hour * 3600 + int(0, 3000);
      // a slow afternoon six hours back: Stripe retried after minutes, not seconds
      const lag = hour === 6 ? int(120, 360) : int(1, 4);
      const id = `evt_demo_${String(++n).padStart(4, "0")}`;
      const roll = random();
      if (roll < 0.15) rows.push({ id, type: pick(IGNORED_TYPES), outcome: "ignored", detail: "unhandled type", ago, lag });
      else if (hour === 13 && i === 0) rows.push({ id, type: "invoice.paid", outcome: "failed", detail: "D1_ERROR: database is locked", ago, lag });
      else rows.push({ id, type: pick(APPLIED_TYPES), outcome: "applied", detail: null, ago, lag });
      // Stripe sends some events twice: the second is a duplicate a few seconds later
      if (roll > 0.9) rows.push({ id, type: rows.at(-1).type, outcome: "duplicate", detail: null, ago: ago - 5, lag: lag + 5 });
    }
  }
  return rows.sort((a, b) => b.ago - a.ago);
}

const at = (secondsAgo) => `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${secondsAgo} seconds')`;
const text = (value) => (value === null ? "NULL" : `'${value.replaceAll("'", "''")}'`);

/** The INSERT statement of the demo history (one statement: it is a few hundred rows). */
export function buildWebhookHistoryStatements() {
  const values = deliveries().map(
    (d) =>
      `(${text(d.id)}, ${text(d.type)}, ${text(d.outcome)}, ${text(d.detail)}, ${at(d.ago)}, ${at(d.ago - 1)}, CAST(strftime('%s', 'now') AS INTEGER) - ${d.ago + d.lag - 1})`,
  );
  return [`INSERT INTO webhook_deliveries (event_id, type, outcome, detail, received_at, processed_at, event_created) VALUES\n${values.join(",\n")};`];
}
