import "./console.css";
import "./console-content.css";
import "./console-accounts.css";
import "./console-pages.css";
import { useEffect, useState, type FormEvent } from "react";
import { useLoaderData, useRevalidator } from "react-router";
import type { faqsLoader } from "./console.loader";
import { ConsoleFrame } from "../../components/console/ConsoleFrame";
import { FormField } from "../../components/console/FormField";
import { FormFrame, useFormRefusal } from "../../components/console/FormFrame";
import { ConfirmPanel, useConfirm } from "../../components/console/Confirm";
import { consoleWrite } from "../../components/console/console-write";
import { contentField } from "../../domain/content-form";
import { ConsoleStatus, type ConsoleMessage } from "../../components/console/ConsoleStatus";

type Loaded = Awaited<ReturnType<typeof faqsLoader>>;
type Group = Loaded["groups"][number];
type Question = Group["questions"][number];

const SCOPE_LABELS: Record<Group["scope"], string> = { videos: "Rovers TV", streamer: "Streamer" };

function questionFields(groups: readonly Group[]) {
  return [
    contentField("groupId", "Group", "select", { required: true, options: groups.map((g) => ({ value: String(g.id), label: `${SCOPE_LABELS[g.scope]}: ${g.title}` })) }),
    contentField("heading", "Question", "text", { required: true }),
    // The rich-text editor of the articles work replaces this plain textarea: the answer is HTML, sanitised when read.
    contentField("bodyHtml", "Answer (HTML)", "textarea", { required: true }),
  ];
}

/**
 * The console's FAQs section: Rovers TV's and the streamer's FAQ groups with their questions;
 * staff who may publish add a question to a group, edit one (or move it to another group) and
 * delete one after a confirmation on the page. The FAQ pages show a change on the next request.
 */
export default function ConsoleFaqs() {
  const { groups, access } = useLoaderData<typeof faqsLoader>();
  const { revalidate } = useRevalidator();
  const [message, setMessage] = useState<ConsoleMessage>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const canEdit = access.capabilities.includes("content.publish");
  const count = groups.reduce((n, g) => n + g.questions.length, 0);

  async function changed(text: string) {
    setMessage({ kind: "done", text });
    setEditing(null);
    await revalidate();
  }

  return (
    <ConsoleFrame access={access} title="FAQs">
      <section className="console__section" aria-labelledby="faqs-heading">
        <h2 id="faqs-heading" className="console__heading">
          FAQs
        </h2>
        <ConsoleStatus message={message} />
        {canEdit && groups.length > 0 ? <QuestionForm key={`add-${count}`} formId="faq-add" groups={groups} onSaved={(text) => void changed(text)} /> : null}
        {groups.map((g) => (
          <section key={g.id} aria-labelledby={`faq-group-${g.id}`} data-faq-group={g.id}>
            <h3 className="console__subheading" id={`faq-group-${g.id}`}>
              {SCOPE_LABELS[g.scope]}: {g.title}
            </h3>
            {g.questions.length === 0 ? (
              <p className="console__empty">No questions in this group.</p>
            ) : (
              <ul className="page-tree">
                {g.questions.map((q) => (
                  <li key={q.id} className="page-tree__item" data-faq={q.heading}>
                    <div className="page-tree__row">
                      <span className="page-tree__title">{q.heading}</span>
                      {canEdit && editing !== q.id ? <QuestionActions question={q} onEdit={() => setEditing(q.id)} onDeleted={(text) => void changed(text)} onError={(text) => setMessage({ kind: "error", text })} /> : null}
                    </div>
                    {editing === q.id ? <QuestionForm formId={`faq-edit-${q.id}`} groups={groups} question={q} onSaved={(text) => void changed(text)} onCancel={() => setEditing(null)} /> : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </section>
    </ConsoleFrame>
  );
}

function QuestionForm({ formId, groups, question, onSaved, onCancel }: { formId: string; groups: readonly Group[]; question?: Question; onSaved: (text: string) => void; onCancel?: () => void }) {
  const f = useFormRefusal(formId);
  const fields = questionFields(groups);
  useEffect(() => {
    if (question) f.ref.current?.querySelector<HTMLElement>(`#${formId}-heading`)?.focus();
  }, [formId, question]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body = { groupId: String(data.get("groupId") ?? ""), heading: String(data.get("heading") ?? ""), bodyHtml: String(data.get("bodyHtml") ?? "") };
    f.setBusy(true);
    const result = question ? await consoleWrite("PUT", `/faqs/${question.id}`, body) : await consoleWrite("POST", "/faqs", body);
    f.setBusy(false);
    if (result.ok) {
      f.clear();
      return onSaved(question ? `Saved the question ${body.heading.trim()}.` : `Added the question ${body.heading.trim()}.`);
    }
    f.refused(result.fields, result.detail, fields.map((control) => control.name));
  }

  const values: Record<string, string> = question
    ? { groupId: String(question.groupId), heading: question.heading, bodyHtml: question.bodyHtml }
    : { groupId: String(groups[0]?.id ?? ""), heading: "", bodyHtml: "" };
  return (
    <FormFrame
      formRef={f.ref}
      className={`content-form${question ? "" : " page-tree__add"}`}
      dataForm={formId}
      titleId={`${formId}-title`}
      title={question ? "Edit the question" : "Add a question"}
      problem={f.problem}
      busy={f.busy}
      submitLabel={question ? "Save question" : "Add question"}
      onSubmit={submit}
      onCancel={onCancel}
    >
      {fields.map((control) => (
        <FormField key={control.name} formId={formId} field={control} value={values[control.name] ?? ""} error={f.errors[control.name]} />
      ))}
    </FormFrame>
  );
}

function QuestionActions({ question, onEdit, onDeleted, onError }: { question: Question; onEdit: () => void; onDeleted: (text: string) => void; onError: (text: string) => void }) {
  const confirm = useConfirm<"delete">();
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    const result = await consoleWrite("DELETE", `/faqs/${question.id}`);
    setBusy(false);
    confirm.done();
    if (result.ok) onDeleted(`Deleted the question ${question.heading}.`);
    else onError(result.detail);
  }

  if (confirm.asking) {
    return (
      <ConfirmPanel confirm={confirm} title={`Delete the question ${question.heading}?`} yes="Yes, delete" busy={busy} onYes={() => void remove()}>
        It leaves the FAQ page from the next request.
      </ConfirmPanel>
    );
  }
  return (
    <div className="page-tree__actions">
      <button type="button" className="console__button" onClick={onEdit} aria-label={`Edit ${question.heading}`}>
        Edit
      </button>
      <button type="button" className="console__button" ref={confirm.button("delete")} onClick={() => confirm.ask("delete")} aria-label={`Delete ${question.heading}`}>
        Delete
      </button>
    </div>
  );
}
