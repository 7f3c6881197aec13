import "./console.css";
import "./console-content.css";
import { Form, Link, useLoaderData } from "react-router";
import type { auditLoader } from "./console.loader";
import { ConsoleFrame } from "../../components/console/ConsoleFrame";
import { FormField } from "../../components/console/FormField";
import { numeric, TitledTable } from "../../components/console/ConsoleTable";
import { auditSearch } from "../../domain/audit-query";
import { contentField } from "../../domain/content-form";
import type { AuditQuery, ContentField } from "../../schemas/console-content";

const filterField = (key: Exclude<keyof AuditQuery, "before">, label: string, input: ContentField["input"]) => ({ key, field: contentField(key, label, input, { nullable: true }) });

const FILTERS = [
  filterField("actor", "Actor", "text"),
  filterField("q", "Action or target contains", "text"),
  filterField("from", "From (UTC day)", "date"),
  filterField("to", "To (UTC day)", "date"),
] as const;

const when = (iso: string) => iso.replace("T", " ").slice(0, 19);

/**
 * The audit log: every admin API call and console write, newest first, filtered by a
 * GET form (the filter is the page's address, so it can be shared and goes back with the browser),
 * 50 entries a page, 'Older entries' marking where the next page starts.
 */
export default function ConsoleAuditPage() {
  const { audit, query, access } = useLoaderData<typeof auditLoader>();
  const filter = { ...query, before: undefined };
  const filtered = auditSearch(filter) !== "";
  return (
    <ConsoleFrame access={access} title="Audit log">
      <section className="console__section" aria-labelledby="audit-heading">
        <h2 id="audit-heading" className="console__heading">
          Audit log
        </h2>
        <Form method="get" action="/admin/audit" className="audit-filter" aria-label="Filter the audit log">
          {FILTERS.map(({ key, field }) => (
            <FormField key={key} formId="audit" field={field} value={query[key] ?? ""} />
          ))}
          <div className="audit-filter__actions">
            <button type="submit" className="console__button console__button--primary">
              Filter
            </button>
            {filtered ? (
              <Link to="/admin/audit" className="console__button">
                Clear
              </Link>
            ) : null}
          </div>
        </Form>
        <TitledTable
          id="audit-entries"
          title="Entries, newest first"
          empty="No entry matches."
          className="audit-table"
          columns={["Time (UTC)", "Actor", "Action", "Target", numeric("Status"), "Body"]}
          rows={audit.entries}
          row={(e) => (
            <tr key={e.id} data-entry={e.id}>
              <td>
                <time dateTime={e.at}>{when(e.at)}</time>
              </td>
              <td>{e.actor}</td>
              <td>{e.action}</td>
              <td>{e.target ?? "–"}</td>
              <td className="console__num">{e.status}</td>
              <td className="audit-table__detail">{e.detail ? <code>{e.detail.length > 120 ? `${e.detail.slice(0, 119)}…` : e.detail}</code> : "–"}</td>
            </tr>
          )}
        />
        <nav className="audit-pages" aria-label="Audit log pages">
          {query.before ? <Link to={`/admin/audit?${auditSearch(filter)}`}>Newest entries</Link> : null}
          {audit.nextBefore ? <Link to={`/admin/audit?${auditSearch({ ...filter, before: audit.nextBefore })}`}>Older entries</Link> : null}
        </nav>
      </section>
    </ConsoleFrame>
  );
}
