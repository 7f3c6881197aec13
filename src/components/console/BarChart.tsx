import type { ReactNode } from "react";

export interface Bar {
  key: string;
  label: ReactNode;
  value: number;
  /** further cells of the row, under `extraColumns` */
  extra?: readonly ReactNode[];
}

interface Props {
  id: string;
  title: string;
  labelColumn: string;
  valueColumn: string;
  bars: readonly Bar[];
  extraColumns?: readonly string[];
  format?: (value: number) => string;
  /** shown instead of an empty table */
  empty: string;
}

/**
 * Horizontal bars that are a table (styles: src/styles/routes/console-charts.css, imported by the page): each row's label, its value in figures beside an SVG bar
 * (hidden from assistive technology, which reads the figure), and any further columns. Bars are
 * drawn to the largest value; the table scrolls sideways on a narrow screen rather than squeezing.
 */
export function BarChart({ id, title, labelColumn, valueColumn, bars, extraColumns = [], format = String, empty }: Props) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const titleId = `${id}-title`;
  return (
    <figure className="chart" aria-labelledby={titleId}>
      <figcaption id={titleId} className="chart__title">
        {title}
      </figcaption>
      {bars.length === 0 ? (
        <p className="console__empty">{empty}</p>
      ) : (
        // Focusable: on a narrow screen it scrolls sideways, and a keyboard must be able to scroll it.
        <div className="console__table-wrap" tabIndex={0} role="region" aria-labelledby={titleId}>
          <table className="console__table chart-bars" aria-labelledby={titleId}>
            <thead>
              <tr>
                <th scope="col">{labelColumn}</th>
                <th scope="col" className="chart-bars__value-head">
                  {valueColumn}
                </th>
                {extraColumns.map((c) => (
                  <th key={c} scope="col" className="console__num">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {bars.map((b) => (
                <tr key={b.key} data-bar={b.key}>
                  <th scope="row">{b.label}</th>
                  <td>
                    <div className="chart-bars__cell">
                      <span className="chart-bars__figure" data-value={b.value}>
                        {format(b.value)}
                      </span>
                      <svg className="chart-bars__svg" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
                        <rect className="chart__tone-1" width={(b.value / max) * 100} height={10} />
                      </svg>
                    </div>
                  </td>
                  {(b.extra ?? []).map((cell, i) => (
                    <td key={extraColumns[i] ?? i} className="console__num">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </figure>
  );
}
