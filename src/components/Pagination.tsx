import { Link } from "react-router";
import { withPage } from "../routes/paths";

/** Pages shown either side of the current one: a window of about five (spec §9). */
const WINDOW = 5;

export function pageWindow(current: number, pageCount: number): number[] {
  const size = Math.min(WINDOW, pageCount);
  let start = Math.max(0, current - Math.floor(size / 2));
  start = Math.min(start, pageCount - size);
  return Array.from({ length: size }, (_, i) => start + i);
}

/** Zero-based `page`; links carry a one-based '?page=N' on `basePath`. */
export function Pagination({ basePath, page, pageSize, total }: { basePath: string; page: number; pageSize: number; total: number }) {
  const pageCount = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  if (pageCount <= 1) return null;
  const pages = pageWindow(page, pageCount);
  const first = pages[0] ?? 0;
  const last = pages[pages.length - 1] ?? 0;
  return (
    <nav className="pagination" aria-label="Pagination">
      {page > 0 ? (
        <Link className="pagination__step" to={withPage(basePath, page - 1)} rel="prev">
          <span aria-hidden="true">‹</span> Previous
        </Link>
      ) : (
        <span className="pagination__step is-disabled" aria-disabled="true">
          <span aria-hidden="true">‹</span> Previous
        </span>
      )}
      <ol className="pagination__pages">
        {first > 0 ? (
          <>
            <li>
              <Link className="pagination__page" to={withPage(basePath, 0)}>1</Link>
            </li>
            {first > 1 ? <li className="pagination__gap" aria-hidden="true">…</li> : null}
          </>
        ) : null}
        {pages.map((p) => (
          <li key={p}>
            {p === page ? (
              <span className="pagination__page is-current" aria-current="page">{p + 1}</span>
            ) : (
              <Link className="pagination__page" to={withPage(basePath, p)}>{p + 1}</Link>
            )}
          </li>
        ))}
        {last < pageCount - 1 ? (
          <>
            {last < pageCount - 2 ? <li className="pagination__gap" aria-hidden="true">…</li> : null}
            <li>
              <Link className="pagination__page" to={withPage(basePath, pageCount - 1)}>{pageCount}</Link>
            </li>
          </>
        ) : null}
      </ol>
      {page < pageCount - 1 ? (
        <Link className="pagination__step" to={withPage(basePath, page + 1)} rel="next">
          Next <span aria-hidden="true">›</span>
        </Link>
      ) : (
        <span className="pagination__step is-disabled" aria-disabled="true">
          Next <span aria-hidden="true">›</span>
        </span>
      )}
    </nav>
  );
}
