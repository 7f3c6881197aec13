import { ChartFigure } from "./ChartFigure";

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
  /**
   * `stacked`: columns of parts of one total (revenue by source); `grouped`: side-by-side columns
   * for counts to compare that are often 0 (a line would zigzag); `lines` for dense series.
   */
  kind: "lines" | "stacked" | "grouped";
  format?: (value: number) => string;
}

const PLOT_HEIGHT = 100;
const shortDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

/**
 * A per-day chart drawn as SVG on the server (its page imports src/routes/console/console-charts.css:
 * route stylesheets are a page's own imports) (no script needed to see it). The drawing scales to
 * any width (preserveAspectRatio none; strokes keep their width) and its labels are HTML, so they
 * stay readable at 375 px. The drawing is hidden from assistive technology: the legend gives the
 * totals and the table under it every number.
 */
export function TimeSeriesChart({ id, title, days, series, kind, format = String }: Props) {
  const totals = days.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  const max = Math.max(1, ...(kind === "stacked" ? totals : series.flatMap((s) => s.values)));
  const y = (value: number) => PLOT_HEIGHT - (value / max) * PLOT_HEIGHT;
  return (
    <ChartFigure id={id} title={title}>
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
          {kind === "lines" ? <Lines series={series} y={y} /> : <Columns days={days} series={series} y={y} stacked={kind === "stacked"} />}
        </svg>
        <div className="chart__axis">
          <span>{days[0] ? shortDay(days[0]) : ""}</span>
          <span>{days.at(-1) ? shortDay(days.at(-1) ?? "") : ""}</span>
        </div>
      </div>
      <details className="chart__numbers">
        <summary>The numbers, per day</summary>
        {/* Focusable: it scrolls (90 rows), and a keyboard must be able to scroll it. */}
        <div className="console__table-wrap" tabIndex={0} role="region" aria-label={`${title}, per day`}>
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
                  {/* right-aligned by .chart__numbers td: a class on each of ~700 cells is bytes for nothing */}
                  {series.map((s) => (
                    <td key={s.label}>{format(s.values[i] ?? 0)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </ChartFigure>
  );
}

/** Coordinates to 0.01 of the drawing: finer is invisible, and every digit is HTML sent. */
const r = (n: number) => Math.round(n * 100) / 100;

/**
 * Per day: one column with the series stacked from the bottom, or one thin column per series.
 * One <path> per series (a rectangle per day in it), not a <rect> per day: a third of the bytes.
 */
function Columns({ days, series, y, stacked }: { days: readonly string[]; series: readonly Series[]; y: (v: number) => number; stacked: boolean }) {
  const width = stacked ? 0.7 : 0.8 / series.length;
  const base = days.map(() => 0);
  return (
    <>
      {series.map((s, k) => {
        let d = "";
        days.forEach((_, i) => {
          const value = s.values[i] ?? 0;
          if (value <= 0) return;
          const bottom = stacked ? (base[i] ?? 0) : 0;
          if (stacked) base[i] = bottom + value;
          const x = stacked ? i + 0.15 : i + 0.1 + k * width;
          d += `M${r(x)} ${r(y(bottom))}V${r(y(bottom + value))}h${r(width)}V${r(y(bottom))}z`;
        });
        return d ? <path key={s.label} className={`chart__tone-${s.tone}`} d={d} /> : null;
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
          points={s.values.map((v, i) => `${i + 0.5},${r(y(v))}`).join(" ")}
          vectorEffect="non-scaling-stroke"
        />
      ))}
    </>
  );
}
