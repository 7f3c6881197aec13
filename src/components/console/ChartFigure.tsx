import type { ReactNode } from "react";

/** The id of a chart's title, which names the chart and its table. */
export const chartTitleId = (id: string) => `${id}-title`;

/** A console chart: a figure named by its caption, the title (styles: console-charts.css). */
export function ChartFigure({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <figure className="chart" aria-labelledby={chartTitleId(id)}>
      <figcaption id={chartTitleId(id)} className="chart__title">
        {title}
      </figcaption>
      {children}
    </figure>
  );
}
