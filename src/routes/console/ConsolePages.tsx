import "./console.css";
import "./console-content.css";
import "./console-accounts.css";
import "./console-pages.css";
import "./console-article.css";
import "./console-media.css";
import { useEffect, useState, type FormEvent } from "react";
import { useLoaderData, useRevalidator } from "react-router";
import type { pagesLoader } from "./console.loader";
import { ConsoleFrame } from "../../components/console/ConsoleFrame";
import { FormField } from "../../components/console/FormField";
import { FormFrame, useFormRefusal } from "../../components/console/FormFrame";
import { ConfirmPanel, useConfirm } from "../../components/console/Confirm";
import { consoleWrite } from "../../components/console/console-write";
import { contentField } from "../../domain/content-form";
import { buildTree, parentChoices, PAGE_TEMPLATES, type TreeNode } from "../../domain/page-tree";
import { PhotoField } from "../../components/console/PhotoField";
import { RichTextField } from "../../components/console/RichTextField";
import { ConsoleStatus, type ConsoleMessage } from "../../components/console/ConsoleStatus";

// The rich-text editor (Tiptap) is its own chunk, fetched by the browser when a page form shows.

type TreePageRow = Awaited<ReturnType<typeof pagesLoader>>["pages"][number];

const TEMPLATE_HINTS: Record<(typeof PAGE_TEMPLATES)[number], string> = {
  Default: "Default: a plain page",
  Hub: "Hub: its pages below as a grid",
  Landing: "Landing: opens with a large hero",
};

/** The form's fields; the parent's options are the tree itself, indented, never an id to type. */
function pageFields(pages: readonly TreePageRow[], id: number | null) {
  const parents = [
    { value: "", label: "Top level (no parent)" },
    ...parentChoices(pages, id).map(({ page, depth }) => ({ value: String(page.id), label: `${"\u2014 ".repeat(depth + 1)}${page.title} (/${page.fullPath})` })),
  ];
  return [
    contentField("title", "Title", "text", { required: true }),
    contentField("slug", "Slug (lower-case words joined by -)", "text", { required: true }),
    contentField("parentId", "Parent page", "select", { required: true, options: parents }),
    contentField("template", "Template", "select", { required: true, options: PAGE_TEMPLATES.map((t) => ({ value: t, label: TEMPLATE_HINTS[t] })) }),
    contentField("status", "Status", "select", { required: true, options: [{ value: "Published", label: "Published" }, { value: "Draft", label: "Draft (not shown)" }] }),
  ];
}

/**
 * The console's Pages section: the CMS page tree as nested lists, each page with its address,
 * template and status; staff who may publish add a page (its parent chosen from the tree), edit
 * one (a new parent moves its whole branch), move it up or down among its siblings with buttons,
 * and delete a page without children after a confirmation on the page.
 */
export default function ConsolePages() {
  const { pages, access } = useLoaderData<typeof pagesLoader>();
  const { revalidate } = useRevalidator();
  const [message, setMessage] = useState<ConsoleMessage>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const canEdit = access.capabilities.includes("content.publish");
  const tree = buildTree(pages);

  async function changed(text: string) {
    setMessage({ kind: "done", text });
    setEditing(null);
    await revalidate();
  }
  const failed = (text: string) => setMessage({ kind: "error", text });

  const renderNodes = (nodes: TreeNode<TreePageRow>[]) =>
    nodes.map((node, index) => (
      <li key={node.page.id} className="page-tree__item" data-page={node.page.fullPath}>
        <div className="page-tree__row">
          <span className="page-tree__title">{node.page.title}</span>
          <span className="page-tree__meta">
            /{node.page.fullPath} · {node.page.template} · {node.page.status}
            {node.page.kind === "external" ? " · external link" : ""}
          </span>
          {canEdit && editing !== node.page.id ? (
            <PageActions page={node.page} first={index === 0} last={index === nodes.length - 1} hasChildren={node.children.length > 0} onEdit={() => setEditing(node.page.id)} onDone={(text) => void changed(text)} onError={failed} />
          ) : null}
        </div>
        {editing === node.page.id ? <PageForm formId={`edit-${node.page.id}`} pages={pages} page={node.page} onSaved={(text) => void changed(text)} onCancel={() => setEditing(null)} /> : null}
        {node.children.length > 0 ? <ul aria-label={`Pages under ${node.page.title}`}>{renderNodes(node.children)}</ul> : null}
      </li>
    ));

  return (
    <ConsoleFrame access={access} title="Pages">
      <section className="console__section" aria-labelledby="pages-heading">
        <h2 id="pages-heading" className="console__heading">
          Pages
        </h2>
        <ConsoleStatus message={message} />
        {canEdit ? <PageForm key={`add-${pages.length}`} formId="add" pages={pages} onSaved={(text) => void changed(text)} /> : null}
        <h3 className="console__subheading" id="page-tree-title">
          The page tree ({pages.length} pages)
        </h3>
        {pages.length === 0 ? <p className="console__empty">No pages yet.</p> : <ul className="page-tree" aria-labelledby="page-tree-title">{renderNodes(tree)}</ul>}
      </section>
    </ConsoleFrame>
  );
}

/** Add a page or edit one. A refusal shows beside its field and keeps what was typed; the first field in error takes the focus. */
function PageForm({ formId, pages, page, onSaved, onCancel }: { formId: string; pages: readonly TreePageRow[]; page?: TreePageRow; onSaved: (text: string) => void; onCancel?: () => void }) {
  const f = useFormRefusal(formId);
  const fields = pageFields(pages, page?.id ?? null);
  const [hero, setHero] = useState(page?.heroImageKey ?? "");
  const [bodyHtml, setBodyHtml] = useState(page?.bodyHtml ?? "");
  useEffect(() => {
    if (page) f.ref.current?.querySelector<HTMLElement>(`#${formId}-title`)?.focus();
  }, [formId, page]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "");
    const body = { title: text("title"), slug: text("slug"), parentId: text("parentId"), template: text("template"), status: text("status"), heroImageKey: hero, bodyHtml };
    f.setBusy(true);
    const result = page ? await consoleWrite("PUT", `/pages/${page.id}`, body) : await consoleWrite("POST", "/pages", body);
    f.setBusy(false);
    if (result.ok) {
      f.clear();
      return onSaved(page ? `Saved the page ${body.title.trim()}.` : `Added the page ${body.title.trim()}.`);
    }
    f.refused(result.fields, result.detail, fields.map((control) => control.name));
  }

  const values: Record<string, string> = page
    ? { title: page.title, slug: page.slug, parentId: page.parentId === null ? "" : String(page.parentId), template: page.template, status: page.status, heroImageKey: page.heroImageKey ?? "", bodyHtml: page.bodyHtml }
    : { title: "", slug: "", parentId: "", template: "Default", status: "Published", heroImageKey: "", bodyHtml: "" };
  return (
    <FormFrame
      formRef={f.ref}
      className={`content-form${page ? "" : " page-tree__add"}`}
      dataForm={formId}
      // The title field's control is `${formId}-title`: the heading takes another id.
      titleId={`${formId}-form-title`}
      title={page ? `Edit ${page.title}` : "Add a page"}
      problem={f.problem}
      busy={f.busy}
      submitLabel={page ? "Save page" : "Add page"}
      onSubmit={submit}
      onCancel={onCancel}
    >
      {fields.map((control) => (
        <FormField key={control.name} formId={formId} field={control} value={values[control.name] ?? ""} error={f.errors[control.name]} />
      ))}
      <PhotoField id={`${formId}-heroImageKey`} label="Hero image" value={hero} onChange={setHero} emptyText="the page opens with its title only" error={f.errors.heroImageKey} />
      <RichTextField formId={formId} name="bodyHtml" label="Body" html={bodyHtml} onChange={setBodyHtml} error={f.errors.bodyHtml} />
    </FormFrame>
  );
}

/** Edit, Move up, Move down, and Delete behind a confirmation (only without pages below: the worker refuses otherwise). */
function PageActions(props: { page: TreePageRow; first: boolean; last: boolean; hasChildren: boolean; onEdit: () => void; onDone: (text: string) => void; onError: (text: string) => void }) {
  const { page, first, last, hasChildren, onEdit, onDone, onError } = props;
  const confirm = useConfirm<"delete">();
  const [busy, setBusy] = useState(false);

  async function move(direction: "up" | "down") {
    setBusy(true);
    const result = await consoleWrite("POST", `/pages/${page.id}/move`, { direction });
    setBusy(false);
    if (result.ok) onDone(`Moved ${page.title} ${direction}.`);
    else onError(result.detail);
  }
  async function remove() {
    setBusy(true);
    const result = await consoleWrite("DELETE", `/pages/${page.id}`);
    setBusy(false);
    confirm.done();
    if (result.ok) onDone(`Deleted the page ${page.title}.`);
    else onError(result.detail);
  }

  if (confirm.asking) {
    return (
      <ConfirmPanel confirm={confirm} title={`Delete the page ${page.title}?`} yes="Yes, delete" busy={busy} onYes={() => void remove()}>
        Its address /{page.fullPath} answers 404 from the next request.
      </ConfirmPanel>
    );
  }
  return (
    <div className="page-tree__actions">
      <button type="button" className="console__button" onClick={onEdit} aria-label={`Edit ${page.title}`}>
        Edit
      </button>
      <button type="button" className="console__button" disabled={busy || first} onClick={() => void move("up")} aria-label={`Move up ${page.title}`}>
        Move up
      </button>
      <button type="button" className="console__button" disabled={busy || last} onClick={() => void move("down")} aria-label={`Move down ${page.title}`}>
        Move down
      </button>
      <button
        type="button"
        className="console__button"
        ref={confirm.button("delete")}
        disabled={hasChildren}
        title={hasChildren ? "Move or delete the pages below it first" : undefined}
        onClick={() => confirm.ask("delete")}
        aria-label={hasChildren ? `Delete ${page.title} (it has pages below it)` : `Delete ${page.title}`}
      >
        Delete
      </button>
    </div>
  );
}
