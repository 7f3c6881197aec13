import "../../styles/routes/console-charts.css";

/** One line (or one layer of the stacked columns) of a chart: a value per day of `days`. */
export interface Series {
  label: string;
  values: readonly number[];
  /** the colour: 1, 2 or 3 (console-charts.css) */
  tone: 1 | 2 | 3;
}

interface Props {
  id: string;
  title: string;
  /** YYYY-MM-DD, oldest first; every series has one value per day */
  days: readonly string[];
  series: readonly Series[];
  /** `lines` for counts to compare, `stacked` for parts of one total (revenue by source) */
  kind: "lines" | "stacked";
  format?: (value: number) => string;
}

const PLOT_HEIGHT = 100;
const shortDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

/**
 * A per-day chart drawn as SVG on the server (no script needed to see it). The drawing scales to
 * any width (preserveAspectRatio none; strokes keep their width) and its labels are HTML, so they
 * stay readable at 375 px. The drawing is hidden from assistive technology: the legend gives the
 * totals and the table under it every number.
 */
export function TimeSeriesChart({ id, title, days, series, kind, format = String }: Props) {
  const totals = days.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  const max = Math.max(1, ...(kind === "stacked" ? totals : series.flatMap((s) => s.values)));
  const y = (value: number) => PLOT_HEIGHT - (value / max) * PLOT_HEIGHT;
  const titleId = `${id}-title`;
  return (
    <figure className="chart" aria-labelledby={titleId}>
      <figcaption id={titleId} className="chart__title">
        {title}
      </figcaption>
      <ul className="chart__legend">
        {series.map((s) => (
          <li key={s.label}>
            <span className={`chart__key chart__tone-${s.tone}`} aria-hidden="true" />
            {s.label}: <strong>{format(s.values.reduce((a, b) => a + b, 0))}</strong>
          </li>
        ))}
      </ul>
      <div className="chart__plot" aria-hidden="true">
        <span className="chart__max">{format(max)}</span>
        <svg className="chart__svg" viewBox={`0 0 ${days.length} ${PLOT_HEIGHT}`} preserveAspectRatio="none" focusable="false">
          {[25, 50, 75].map((g) => (
            <line key={g} className="chart__grid" x1={0} x2={days.length} y1={g} y2={g} />
          ))}
          {kind === "stacked" ? <Columns days={days} series={series} y={y} /> : <Lines series={series} y={y} />}
        </svg>
        <div className="chart__axis">
          <span>{days[0] ? shortDay(days[0]) : ""}</span>
          <span>{days.at(-1) ? shortDay(days.at(-1) ?? "") : ""}</span>
        </div>
      </div>
      <details className="chart__numbers">
        <summary>The numbers, per day</summary>
        <div className="console__table-wrap">
          <table className="console__table">
            <caption className="chart__caption">{title}</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                {series.map((s) => (
                  <th key={s.label} scope="col" className="console__num">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day, i) => (
                <tr key={day}>
                  <th scope="row">{day}</th>
                  {series.map((s) => (
                    <td key={s.label} className="console__num">
                      {format(s.values[i] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** One column per day, the series stacked in order from the bottom. */
function Columns({ days, series, y }: { days: readonly string[]; series: readonly Series[]; y: (v: number) => number }) {
  return (
    <>
      {days.map((day, i) => {
        let base = 0;
        return series.map((s) => {
          const value = s.values[i] ?? 0;
          if (value <= 0) return null;
          const top = y(base + value);
          const height = y(base) - top;
          base += value;
          return <rect key={`${day}-${s.label}`} className={`chart__tone-${s.tone}`} x={i + 0.15} width={0.7} y={top} height={height} />;
        });
      })}
    </>
  );
}

function Lines({ series, y }: { series: readonly Series[]; y: (v: number) => number }) {
  return (
    <>
      {series.map((s) => (
        <polyline
          key={s.label}
          className={`chart__line chart__stroke-${s.tone}`}
          points={s.values.map((v, i) => `${i + 0.5},${y(v)}`).join(" ")}
          vectorEffect="non-scaling-stroke"
        />
      ))}
    </>
  );
}
