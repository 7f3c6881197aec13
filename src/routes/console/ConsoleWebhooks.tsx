import "./console.css";
import "./console-webhooks.css";
import { useLoaderData } from "react-router";
import type { webhooksLoader } from "./console.loader";
import { ConsoleFrame } from "../../components/console/ConsoleFrame";
import { ConsoleTable, numeric, TitledTable } from "../../components/console/ConsoleTable";
import { utcHour, utcMinute } from "../../components/console/console-time";
import { WEBHOOK_HOURS } from "../../domain/webhook-health";
import type { WebhookHealth, WebhookHour } from "../../schemas/console-webhooks";

const seconds = (n: number | null) => (n === null ? "–" : `${n} s`);
const OUTCOMES = ["applied", "duplicate", "ignored", "failed"] as const;
const OUTCOME_LABEL = { applied: "Applied", duplicate: "Duplicates", ignored: "Ignored", failed: "Failed" } as const;

/**
 * The console's webhook health: has Stripe been heard from, how long events
 * wait before they are applied, and what was duplicated, ignored or failed, per hour.
 */
export default function ConsoleWebhooks() {
  const { health, access } = useLoaderData<typeof webhooksLoader>();
  const status = (
    <>
      Read at <time dateTime={health.at}>{utcMinute(health.at)}</time>, last {WEBHOOK_HOURS} hours
    </>
  );
  return (
    <ConsoleFrame access={access} title="Webhook health" status={status}>
      <section className="console__section" aria-labelledby="webhook-health">
        <h2 id="webhook-health" className="console__heading">Webhook health</h2>
        <Silence health={health} />
        <dl className="console__stats">
          <div className="console__stat">
            <dt>Last event received</dt>
            <dd className="console-webhooks__last" data-stat="last">{health.last ? utcMinute(health.last.receivedAt) : "Never"}</dd>
          </div>
          <div className="console__stat">
            <dt>Lag, Stripe to processed: average / longest</dt>
            <dd className="console-webhooks__last" data-stat="lag">
              {seconds(health.totals.lagAverageSeconds)} / {seconds(health.totals.lagMaxSeconds)}
            </dd>
          </div>
          {OUTCOMES.map((o) => (
            <div className="console__stat" key={o}>
              <dt>{OUTCOME_LABEL[o]}</dt>
              <dd data-stat={o}>{health.totals[o]}</dd>
            </div>
          ))}
        </dl>
        {health.last ? (
          <p className="console-webhooks__note">
            Last: <code>{health.last.type}</code> ({health.last.eventID}), {health.last.outcome}.
          </p>
        ) : null}

        <h3 className="console__subheading" id="per-hour">Deliveries per hour (UTC)</h3>
        <HourChart hours={health.hours} />
        <HourTable hours={health.hours} />

        <TitledTable
          id="ignored-types"
          title="Ignored types"
          empty={`No ignored event in the last ${WEBHOOK_HOURS} hours.`}
          columns={["Type", numeric("Deliveries")]}
          rows={health.ignoredTypes}
          row={(t) => (
            <tr key={t.type}>
              <th scope="row"><code>{t.type}</code></th>
              <td className="console__num">{t.count}</td>
            </tr>
          )}
        />

        <TitledTable
          id="failures"
          title="Failures"
          empty={`No failure in the last ${WEBHOOK_HOURS} hours.`}
          columns={["Received", "Event", "Type", "Why"]}
          rows={health.failures}
          row={(f, i) => (
            <tr key={`${f.eventID}-${i}`}>
              <td>{utcMinute(f.receivedAt)}</td>
              <td className="console-webhooks__id">{f.eventID}</td>
              <td><code>{f.type}</code></td>
              <td>{f.detail ?? "–"}</td>
            </tr>
          )}
        />
      </section>
    </ConsoleFrame>
  );
}

function Silence({ health }: { health: WebhookHealth }) {
  const { silence } = health;
  if (!silence.warning) {
    return (
      <p className="console-webhooks__ok" data-silence="ok">
        Stripe was last heard from {silence.minutesSinceLast} {silence.minutesSinceLast === 1 ? "minute" : "minutes"} ago (the warning shows after {silence.limitMinutes}).
      </p>
    );
  }
  return (
    <p className="console-webhooks__warning" role="alert" data-silence="warning">
      <strong>No webhook from Stripe </strong>
      {silence.minutesSinceLast === null ? "has ever arrived" : `for ${silence.minutesSinceLast} minutes`}, longer than the {silence.limitMinutes} minutes the
      setting <code>console.webhookSilenceMinutes</code> allows. Check the endpoint in Stripe's dashboard.
    </p>
  );
}

const CHART_HEIGHT = 80;
const BAR_WIDTH = 10;

/** A picture of the table below it (which carries the numbers): one stacked bar per hour. */
function HourChart({ hours }: { hours: WebhookHour[] }) {
  const peak = Math.max(1, ...hours.map((h) => h.applied + h.duplicate + h.ignored + h.failed));
  return (
    <svg className="console-webhooks__chart" viewBox={`0 0 ${hours.length * BAR_WIDTH} ${CHART_HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
      {hours.map((h, i) => {
        let y = CHART_HEIGHT;
        return OUTCOMES.map((o) => {
          const height = (h[o] / peak) * CHART_HEIGHT;
          y -= height;
          return height > 0 ? <rect key={`${h.hour}-${o}`} className={`console-webhooks__bar--${o}`} x={i * BAR_WIDTH + 1} y={y} width={BAR_WIDTH - 2} height={height} /> : null;
        });
      })}
    </svg>
  );
}

function HourTable({ hours }: { hours: WebhookHour[] }) {
  const busy = hours.filter((h) => h.applied + h.duplicate + h.ignored + h.failed > 0).reverse();
  return (
    <>
      <ul className="chart__legend" aria-label="Chart colours">
        {OUTCOMES.map((o) => (
          <li key={o}>
            <span className={`console-webhooks__swatch console-webhooks__bar--${o}`} aria-hidden="true" /> {OUTCOME_LABEL[o]}
          </li>
        ))}
      </ul>
      <ConsoleTable
        labelledBy="per-hour"
        className="console-webhooks__table"
        caption={<caption className="console-webhooks__caption">Newest first; hours with no delivery are left out.</caption>}
        columns={["Hour", ...OUTCOMES.map((o) => numeric(OUTCOME_LABEL[o])), numeric("Lag avg"), numeric("Lag max")]}
        rows={busy}
        emptyRow={`Nothing in the last ${WEBHOOK_HOURS} hours`}
        row={(h) => (
          <tr key={h.hour} data-hour={h.hour}>
            <th scope="row">{h.hour.slice(5, 10)} {utcHour(h.hour)}</th>
            {OUTCOMES.map((o) => (
              <td className="console__num" key={o}>{h[o]}</td>
            ))}
            <td className="console__num">{seconds(h.lagAverageSeconds)}</td>
            <td className="console__num">{seconds(h.lagMaxSeconds)}</td>
          </tr>
        )}
      />
    </>
  );
}
