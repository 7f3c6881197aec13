import "./console.css";
import "./console-charts.css";
import { useLoaderData } from "react-router";
import type { revenueLoader } from "./console.loader";
import { ConsoleFrame } from "../../components/console/ConsoleFrame";
import { BarChart, type Bar } from "../../components/console/BarChart";
import { TimeSeriesChart, type Series } from "../../components/console/TimeSeriesChart";
import { conversion, pounds, REVENUE_DAYS } from "../../domain/revenue";
import type { Revenue } from "../../schemas/console-revenue";

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const kickoffDay = (iso: string | null) => (iso ? iso.slice(0, 10) : "–");
/** A video's tier as the catalogue writes it: `?` everyone, `*` any signed-in account, else the codes. */
const tierText = (tier: readonly string[]) => (tier.includes("?") ? "everyone" : tier.includes("*") ? "signed in" : tier.join(", ") || "–");

/**
 * The console's 'Subscriptions and revenue': subscribers and MRR now, the last
 * 90 days per day, churn per month, match passes, vouchers, the most watched videos and the
 * funnel, with the days and the subscribers to download as CSV. Money arrives in pence and
 * becomes pounds only here.
 */
export default function ConsoleRevenue() {
  const { revenue, access } = useLoaderData<typeof revenueLoader>();
  const status = (
    <>
      {revenue.from} to {revenue.to} (UTC), read at <time dateTime={revenue.at}>{revenue.at.slice(11, 16)} UTC</time>
    </>
  );
  return (
    <ConsoleFrame access={access} title="Subscriptions and revenue" status={status}>
      <RevenueSection revenue={revenue} />
    </ConsoleFrame>
  );
}

function RevenueSection({ revenue }: { revenue: Revenue }) {
  const { days, funnel } = revenue;
  const dayList = days.map((d) => d.day);
  const column = (pick: (d: Revenue["days"][number]) => number) => days.map(pick);
  const subscriptions = column((d) => d.subscriptionPence);
  const passes = column((d) => d.matchPassPence);
  const refunded = column((d) => d.refundedPence);
  const gross = sum(subscriptions) + sum(passes);
  const stats = [
    { key: "subscribers", label: "Active subscribers", value: revenue.activeSubscribers, text: String(revenue.activeSubscribers) },
    { key: "mrr", label: "Monthly recurring revenue", value: revenue.mrrPence, text: pounds(revenue.mrrPence) },
    { key: "gross", label: `Taken, last ${REVENUE_DAYS} days`, value: gross, text: pounds(gross) },
    { key: "net", label: `Net of refunds, last ${REVENUE_DAYS} days`, value: gross - sum(refunded), text: pounds(gross - sum(refunded)) },
  ];
  // Each chart's bars and series first, so that the page below reads as its outline.
  const tiers: Bar[] = revenue.tiers.map((t) => ({ key: t.packageID, label: t.title, value: t.subscribers, extra: [pounds(t.mrrPence)] }));
  const movements: Series[] = [
    { label: "New subscriptions", values: column((d) => d.newSubscriptions), tone: 1 },
    { label: "Cancellations", values: column((d) => d.cancelled), tone: 2 },
    { label: "Refunds", values: column((d) => d.refunds), tone: 3 },
  ];
  const taken: Series[] = [
    { label: "Subscriptions", values: subscriptions, tone: 1 },
    { label: "Match passes", values: passes, tone: 2 },
  ];
  const matchPasses: Bar[] = revenue.matchPasses.map((m) => ({
    key: String(m.matchID ?? "none"),
    label: (
      <>
        {m.title}
        <span className="chart-bars__note">kick-off {kickoffDay(m.kickoff)}</span>
      </>
    ),
    value: m.sold,
    extra: [pounds(m.revenuePence)],
  }));
  const vouchers: Bar[] = revenue.vouchers.map((v) => ({ key: v.code, label: <code>{v.code}</code>, value: v.redemptions }));
  const churn: Bar[] = revenue.churn.map((m) => ({ key: m.month, label: m.month, value: m.ended, extra: [String(m.onAtStart), m.percent === null ? "–" : `${m.percent}%`] }));
  const viewing: Bar[] = revenue.viewing.map((v) => ({ key: v.entryId, label: v.title, value: v.minutes, extra: [String(v.plays), tierText(v.tier)] }));
  const steps: Bar[] = [
    { key: "visits", label: "Visits", value: funnel.visits, extra: ["–"] },
    { key: "sign-ups", label: "Sign-ups", value: funnel.signUps, extra: [conversion(funnel.visits, funnel.signUps)] },
    { key: "subscribers", label: "Subscribed", value: funnel.subscribers, extra: [conversion(funnel.signUps, funnel.subscribers)] },
  ];
  return (
    <section className="console__section" aria-labelledby="revenue">
      <h2 id="revenue" className="console__heading">
        Subscriptions and revenue
      </h2>
      <dl className="console__stats">
        {stats.map((s) => (
          <div key={s.key} className="console__stat">
            <dt>{s.label}</dt>
            <dd data-stat={s.key} data-value={s.value}>
              {s.text}
            </dd>
          </div>
        ))}
      </dl>

      <p className="console-revenue__downloads">
        <a href="/api/console/revenue/days.csv" download>
          Download the {REVENUE_DAYS} days (CSV)
        </a>
        <a href="/api/console/revenue/subscribers.csv" download>
          Download the subscribers (CSV)
        </a>
      </p>

      <h3 className="console__subheading">Subscriptions</h3>
      <div className="chart-grid chart-grid--two">
        <BarChart id="tiers" title="Active subscribers by tier" labelColumn="Tier" valueColumn="Subscribers" extraColumns={["MRR"]} bars={tiers} empty="No membership tiers on sale." />
        <TimeSeriesChart id="movements" title="New, cancelled and refunded per day" kind="grouped" days={dayList} series={movements} />
      </div>
      <BarChart
        id="churn"
        title="Churn per month (UTC): of the subscriptions on at the month's start, those that ended in it"
        labelColumn="Month"
        valueColumn="Ended"
        extraColumns={["On at the start", "Churn"]}
        bars={churn}
        empty=""
      />

      <h3 className="console__subheading">Revenue</h3>
      <div className="chart-grid chart-grid--two">
        <TimeSeriesChart id="taken" title="Taken per day" kind="stacked" format={pounds} days={dayList} series={taken} />
        <TimeSeriesChart id="refunded" title="Refunded per day" kind="stacked" format={pounds} days={dayList} series={[{ label: "Refunded", values: refunded, tone: 2 }]} />
      </div>
      <div className="chart-grid chart-grid--two">
        <BarChart id="passes" title="Match passes sold per match" labelColumn="Match" valueColumn="Sold" extraColumns={["Taken"]} bars={matchPasses} empty={`No match pass sold in the last ${REVENUE_DAYS} days.`} />
        <BarChart id="vouchers" title="Voucher redemptions" labelColumn="Code" valueColumn="Redeemed" bars={vouchers} empty={`No voucher redeemed in the last ${REVENUE_DAYS} days.`} />
      </div>

      <h3 className="console__subheading">Rovers TV viewing</h3>
      <BarChart
        id="viewing"
        title="Most watched videos since publishing: minutes watched and plays"
        labelColumn="Video"
        valueColumn="Minutes"
        extraColumns={["Plays", "Tier"]}
        bars={viewing}
        empty="No video has been watched yet."
      />

      <h3 className="console__subheading">From visit to subscriber</h3>
      <BarChart
        id="funnel"
        title={`Last ${REVENUE_DAYS} days: visits (consented tracking), sign-ups, and of those, subscribers`}
        labelColumn="Step"
        valueColumn="People"
        extraColumns={["From the step before"]}
        bars={steps}
        empty=""
      />
      <TimeSeriesChart id="sign-ups" title="Sign-ups per day" kind="stacked" days={dayList} series={[{ label: "Sign-ups", values: column((d) => d.signUps), tone: 1 }]} />
    </section>
  );
}
