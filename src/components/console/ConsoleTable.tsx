import type { ReactNode } from "react";
import { ScrollTable } from "./ScrollTable";

/** A column's head, and its class where the page lines up or styles the column. */
export interface Column {
  label: ReactNode;
  className?: string;
}

/** A column of figures: its head is right-aligned, as its cells are (console__num). */
export const numeric = (label: ReactNode): Column => ({ label, className: "console__num" });

interface TableProps<Row> {
  /** the heads, in order; a string is a plain column */
  columns: readonly (string | Column)[];
  rows: readonly Row[];
  /** one row: a <tr> with a cell per column */
  row: (row: Row, index: number) => ReactNode;
  /** a class beside console__table */
  className?: string;
  /** the table's <caption>, when it needs one */
  caption?: ReactNode;
}

interface ConsoleTableProps<Row> extends TableProps<Row> {
  /**
   * The id of the heading that names the table. A named table sits in a focusable region named
   * the same (ScrollTable): a wide table scrolls sideways on a phone. An unnamed one sits in a
   * plain box.
   */
  labelledBy?: string;
  /** with no rows: a row that says so across every column (for a table that always shows) */
  emptyRow?: ReactNode;
}

/** A console table: its column heads, then a row per entry. */
export function ConsoleTable<Row>({ columns, rows, row, className, caption, labelledBy, emptyRow }: ConsoleTableProps<Row>) {
  const table = (
    <table className={className ? `console__table ${className}` : "console__table"} aria-labelledby={labelledBy}>
      {caption}
      <thead>
        <tr>
          {columns.map((c, i) => (typeof c === "string" ? <th key={i} scope="col">{c}</th> : <th key={i} scope="col" className={c.className}>{c.label}</th>))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && emptyRow ? (
          <tr>
            <td colSpan={columns.length}>{emptyRow}</td>
          </tr>
        ) : (
          rows.map(row)
        )}
      </tbody>
    </table>
  );
  return labelledBy ? <ScrollTable labelledBy={labelledBy}>{table}</ScrollTable> : <div className="console__table-wrap">{table}</div>;
}

interface TitledTableProps<Row> extends TableProps<Row> {
  /** the subheading's id, which names the table; without one the table has no name (ConsoleTable) */
  id?: string;
  title: ReactNode;
  /** what stands instead of the table when there are no rows */
  empty: ReactNode;
  /** what stands between the subheading and the table when there are rows */
  intro?: ReactNode;
}

/** A table under its own subheading, or a line saying there is nothing to list. */
export function TitledTable<Row>({ id, title, empty, intro, ...table }: TitledTableProps<Row>) {
  return (
    <>
      <h3 className="console__subheading" id={id}>
        {title}
      </h3>
      {table.rows.length === 0 ? (
        <p className="console__empty">{empty}</p>
      ) : (
        <>
          {intro}
          <ConsoleTable labelledBy={id} {...table} />
        </>
      )}
    </>
  );
}
