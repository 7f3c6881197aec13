import "./console.css";
import "./console-content.css";
import "./console-accounts.css";
import "./console-media.css";
import { useState } from "react";
import { Link, useLoaderData, useRevalidator } from "react-router";
import type { contentLoader } from "./console.loader";
import { ConsoleFrame } from "../../components/console/ConsoleFrame";
import { ConsoleTable } from "../../components/console/ConsoleTable";
import { ContentForm } from "../../components/console/ContentForm";
import { consoleWrite } from "../../components/console/console-write";
import { controlValue } from "../../domain/content-form";
import type { ConsoleContent, ContentField, ContentKind, ContentRow } from "../../schemas/console-content";
import type { Capability } from "../../domain/staff-roles";

/** The content kinds, in the order of the page's tabs, with the capability that opens each. */
const KINDS: readonly { kind: ContentKind; label: string; capability: Capability }[] = [
  { kind: "adverts", label: "Adverts", capability: "content.view" },
  { kind: "promos", label: "Overlay promos", capability: "content.view" },
  { kind: "sponsors", label: "Sponsors", capability: "content.view" },
  { kind: "menu", label: "Menu", capability: "content.view" },
  { kind: "settings", label: "Web settings", capability: "settings.edit" },
];

/** What a kind's writes need (the worker asks the same, worker/console/content.ts). */
const writeCapability = (kind: ContentKind): Capability => (kind === "settings" ? "settings.edit" : "content.publish");

type Editing = { row: ContentRow | null } | null;

/**
 * The console's content: one page per kind under /admin/content/{kind}, the
 * list with each entry's state, a form to create or change one, and Disable (a setting: Remove),
 * each a write of the admin API's own logic. After a write the page asks for its data again.
 */
export default function ConsoleContentPage() {
  const { content, access } = useLoaderData<typeof contentLoader>();
  const { revalidate } = useRevalidator();
  const [editing, setEditing] = useState<Editing>(null);
  const [message, setMessage] = useState("");
  const label = KINDS.find((k) => k.kind === content.kind)?.label ?? content.kind;
  // A role that may read but not publish sees the list without its controls.
  const mayWrite = access.capabilities.includes(writeCapability(content.kind));

  async function saved(text: string) {
    setEditing(null);
    setMessage(text);
    await revalidate();
  }

  async function disable(row: ContentRow) {
    const result = await consoleWrite("POST", `/content/${content.kind}/${encodeURIComponent(row.id)}/disable`);
    setMessage(result.ok ? `${content.kind === "settings" ? "Removed" : "Disabled"} ${row.title}.` : result.detail);
    if (result.ok) await revalidate();
  }

  return (
    <ConsoleFrame access={access} title={label}>
      <nav className="content-kinds" aria-label="Content kinds">
        <ul>
          {KINDS.filter((k) => access.capabilities.includes(k.capability)).map((k) => (
            <li key={k.kind}>
              <Link to={`/admin/content/${k.kind}`} className="content-kinds__link" aria-current={k.kind === content.kind ? "page" : undefined} onClick={() => setEditing(null)}>
                {k.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="console__section" aria-labelledby="content-heading">
        <div className="content-head">
          <h2 id="content-heading" className="console__heading">
            {label}
          </h2>
          {mayWrite ? (
            <button type="button" className="console__button console__button--primary" onClick={() => setEditing({ row: null })}>
              {`New ${content.singular}`}
            </button>
          ) : null}
        </div>
        <p className="content-status" role="status">
          {message}
        </p>
        {editing && mayWrite ? <ContentForm key={editing.row?.id ?? "new"} content={content} row={editing.row} onSaved={(t) => void saved(t)} onCancel={() => setEditing(null)} /> : null}
        <ContentTable content={content} mayWrite={mayWrite} onEdit={(row) => setEditing({ row })} onDisable={(row) => void disable(row)} />
      </section>
    </ConsoleFrame>
  );
}

function ContentTable({
  content,
  mayWrite,
  onEdit,
  onDisable,
}: {
  content: ConsoleContent;
  mayWrite: boolean;
  onEdit: (row: ContentRow) => void;
  onDisable: (row: ContentRow) => void;
}) {
  const columns = content.listFields.flatMap((name) => content.fields.filter((f) => f.name === name));
  if (content.rows.length === 0) return <p className="console__empty">Nothing here yet.</p>;
  return (
    <ConsoleTable
      className="content-table"
      columns={[
        "Name",
        ...columns.map((f) => ({ label: f.label, className: "content-table__value" })),
        "State",
        ...(mayWrite ? [{ label: <span className="visually-hidden">Actions</span> }] : []),
      ]}
      rows={content.rows}
      row={(row) => (
        <tr key={row.id} data-row={row.id}>
          <th scope="row">{row.title}</th>
          {columns.map((f) => (
            <td key={f.name} className="content-table__value">
              {cellText(f, controlValue(f, row.values[f.name]))}
            </td>
          ))}
          <td>{row.active ? "Live" : "Disabled"}</td>
          {mayWrite ? (
            <td className="content-table__actions">
              <button type="button" className="console__button" onClick={() => onEdit(row)} aria-label={`Edit ${row.title}`}>
                Edit
              </button>
              {row.active ? (
                <button type="button" className="console__button" onClick={() => onDisable(row)} aria-label={`${content.kind === "settings" ? "Remove" : "Disable"} ${row.title}`}>
                  {content.kind === "settings" ? "Remove" : "Disable"}
                </button>
              ) : null}
            </td>
          ) : null}
        </tr>
      )}
    />
  );
}

/** A list cell: a choice by its label, a long value cut short (the form shows it whole). */
function cellText(field: ContentField, value: string | boolean): string {
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (field.input === "datetime") return value.replace("T", " ");
  const text = field.options.find((o) => o.value === value)?.label ?? value;
  if (text === "") return "–";
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}
