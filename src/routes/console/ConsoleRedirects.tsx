import "./console.css";
import "./console-content.css";
import "./console-accounts.css";
import "./console-redirects.css";
import { useEffect, useState, type FormEvent } from "react";
import { Form, Link, useLoaderData, useRevalidator } from "react-router";
import type { redirectsLoader } from "./console.loader";
import { ConsoleFrame } from "../../components/console/ConsoleFrame";
import { ConsoleTable } from "../../components/console/ConsoleTable";
import { FormField } from "../../components/console/FormField";
import { FormFrame, useFormRefusal } from "../../components/console/FormFrame";
import { ConfirmPanel, useConfirm } from "../../components/console/Confirm";
import { consoleWrite } from "../../components/console/console-write";
import { contentField } from "../../domain/content-form";
import { REDIRECT_STATUSES } from "../../domain/site-redirects";
import { ConsoleStatus, type ConsoleMessage } from "../../components/console/ConsoleStatus";

type Redirect = Awaited<ReturnType<typeof redirectsLoader>>["list"]["redirects"][number];

const FIELDS = [
  contentField("from", "Old path (on this site, like /old-page)", "text", { required: true }),
  contentField("to", "New location (a path on this site or an https: URL)", "text", { required: true }),
  contentField("status", "Kind", "select", {
    required: true,
    options: REDIRECT_STATUSES.map((s) => ({ value: String(s), label: s === 301 ? "301: moved for good" : "302: moved for now" })),
  }),
] as const;

const listHref = (q: string, page: number) => {
  const search = new URLSearchParams();
  if (q !== "") search.set("q", q);
  if (page > 0) search.set("page", String(page + 1));
  const query = search.toString();
  return query === "" ? "/admin/redirects" : `/admin/redirects?${query}`;
};

/**
 * The console's Redirects section: an old path of the site sent on to a new path or an https:
 * URL, applied only where the site would answer 404. Listed by old path and found by a word of
 * either path (a GET form); staff who may publish add, edit and delete (after a confirmation on
 * the page). A refusal shows beside its field and keeps what was typed.
 */
export default function ConsoleRedirects() {
  const { list, access } = useLoaderData<typeof redirectsLoader>();
  const { q, page, pageSize, total, redirects } = list;
  const { revalidate } = useRevalidator();
  const [message, setMessage] = useState<ConsoleMessage>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const canEdit = access.capabilities.includes("content.publish");
  const last = page * pageSize + redirects.length;
  const summary =
    total === 0 ? (q === "" ? "No redirects yet" : `No redirect path contains “${q}”`) : `Redirects ${page * pageSize + 1} to ${last} of ${total}${q === "" ? "" : ` with “${q}”`}`;

  async function changed(text: string) {
    setMessage({ kind: "done", text });
    setEditing(null);
    await revalidate();
  }

  return (
    <ConsoleFrame access={access} title="Redirects">
      <section className="console__section" aria-labelledby="redirects-heading">
        <h2 id="redirects-heading" className="console__heading">
          Redirects
        </h2>
        <p className="content-form__hint">A redirect applies only where the site has no page: it never hides one.</p>
        <ConsoleStatus message={message} />
        {canEdit ? <RedirectForm key="add" formId="add" onSaved={(text) => void changed(text)} /> : null}
        <Form method="get" action="/admin/redirects" className="console-accounts__search" role="search">
          <label htmlFor="redirects-q">Words in either path</label>
          <div className="console-accounts__search-row">
            <input id="redirects-q" name="q" type="search" defaultValue={q} maxLength={200} autoComplete="off" />
            <button type="submit" className="console-accounts__button">
              Search
            </button>
          </div>
        </Form>
        <h3 className="console__subheading" id="redirects-results" aria-live="polite">
          {summary}
        </h3>
        {redirects.length === 0 ? null : (
          <ConsoleTable
            labelledBy="redirects-results"
            columns={canEdit ? ["Old path", "New location", "Kind", "Changes"] : ["Old path", "New location", "Kind"]}
            rows={redirects}
            row={(r) => (
              <tr key={r.id} data-redirect={r.from}>
                <th scope="row" className="console-redirects__path">
                  {r.from}
                </th>
                <td className="console-redirects__path">{r.to}</td>
                <td>{r.status}</td>
                {canEdit ? (
                  <td>
                    {editing === r.id ? (
                      <RedirectForm
                        formId={`edit-${r.id}`}
                        redirect={r}
                        onSaved={(text) => void changed(text)}
                        onCancel={() => setEditing(null)}
                      />
                    ) : (
                      <RowActions redirect={r} onEdit={() => setEditing(r.id)} onDeleted={(text) => void changed(text)} onError={(text) => setMessage({ kind: "error", text })} />
                    )}
                  </td>
                ) : null}
              </tr>
            )}
          />
        )}
        {total > pageSize ? (
          <nav className="console__pages" aria-label="Redirect pages">
            {page > 0 ? <Link to={listHref(q, page - 1)}>Previous redirects</Link> : null}
            {last < total ? <Link to={listHref(q, page + 1)}>More redirects</Link> : null}
          </nav>
        ) : null}
      </section>
    </ConsoleFrame>
  );
}

/** Add a redirect, or edit one. A refusal shows beside its field and keeps what was typed; the first field in error takes the focus. */
function RedirectForm({ formId, redirect, onSaved, onCancel }: { formId: string; redirect?: Redirect; onSaved: (text: string) => void; onCancel?: () => void }) {
  const f = useFormRefusal(formId);
  useEffect(() => {
    if (redirect) f.ref.current?.querySelector<HTMLElement>(`#${formId}-from`)?.focus();
  }, [formId, redirect]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body = { from: String(data.get("from") ?? ""), to: String(data.get("to") ?? ""), status: String(data.get("status") ?? "") };
    f.setBusy(true);
    const result = redirect ? await consoleWrite("PUT", `/redirects/${redirect.id}`, body) : await consoleWrite("POST", "/redirects", body);
    f.setBusy(false);
    if (result.ok) {
      f.clear();
      if (!redirect) form.reset();
      return onSaved(redirect ? `Saved the redirect from ${body.from.trim()}.` : `Added a redirect from ${body.from.trim()} to ${body.to.trim()}.`);
    }
    f.refused(result.fields, result.detail, FIELDS.map((control) => control.name));
  }

  const values: Record<string, string> = redirect ? { from: redirect.from, to: redirect.to, status: String(redirect.status) } : { from: "", to: "", status: "301" };
  return (
    <FormFrame
      formRef={f.ref}
      className={`content-form${redirect ? "" : " console-redirects__add"}`}
      dataForm={formId}
      titleId={`${formId}-title`}
      title={redirect ? `Edit the redirect from ${redirect.from}` : "Add a redirect"}
      problem={f.problem}
      busy={f.busy}
      submitLabel={redirect ? "Save redirect" : "Add redirect"}
      onSubmit={submit}
      onCancel={onCancel}
    >
      {FIELDS.map((control) => (
        <FormField key={control.name} formId={formId} field={control} value={values[control.name] ?? ""} error={f.errors[control.name]} />
      ))}
    </FormFrame>
  );
}

/** Edit, and Delete behind a confirmation that takes the focus; Cancel gives it back to Delete. */
function RowActions({ redirect, onEdit, onDeleted, onError }: { redirect: Redirect; onEdit: () => void; onDeleted: (text: string) => void; onError: (text: string) => void }) {
  const confirm = useConfirm<"delete">();
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    const result = await consoleWrite("DELETE", `/redirects/${redirect.id}`);
    setBusy(false);
    confirm.done();
    if (result.ok) onDeleted(`Deleted the redirect from ${redirect.from}.`);
    else onError(result.detail);
  }

  if (confirm.asking) {
    return (
      <ConfirmPanel confirm={confirm} title={`Delete the redirect from ${redirect.from}?`} yes="Yes, delete" busy={busy} onYes={() => void remove()}>
        Its old path answers 404 again from the next request.
      </ConfirmPanel>
    );
  }
  return (
    <div className="console-redirects__actions">
      <button type="button" className="console__button" onClick={onEdit} aria-label={`Edit the redirect from ${redirect.from}`}>
        Edit
      </button>
      <button type="button" className="console__button" ref={confirm.button("delete")} onClick={() => confirm.ask("delete")} aria-label={`Delete the redirect from ${redirect.from}`}>
        Delete
      </button>
    </div>
  );
}
