import type { ReactNode } from "react";
import { ChartFigure, chartTitleId } from "./ChartFigure";
import { ConsoleTable, numeric } from "./ConsoleTable";

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
 * Horizontal bars that are a table (styles: src/routes/console/console-charts.css, imported by the page): each row's label, its value in figures beside an SVG bar
 * (hidden from assistive technology, which reads the figure), and any further columns. Bars are
 * drawn to the largest value; the table scrolls sideways on a narrow screen rather than squeezing.
 */
export function BarChart({ id, title, labelColumn, valueColumn, bars, extraColumns = [], format = String, empty }: Props) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  return (
    <ChartFigure id={id} title={title}>
      {bars.length === 0 ? (
        <p className="console__empty">{empty}</p>
      ) : (
        <ConsoleTable
          labelledBy={chartTitleId(id)}
          className="chart-bars"
          columns={[labelColumn, { label: valueColumn, className: "chart-bars__value-head" }, ...extraColumns.map(numeric)]}
          rows={bars}
          row={(b) => (
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
          )}
        />
      )}
    </ChartFigure>
  );
}
