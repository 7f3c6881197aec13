import "./console.css";
import "./console-content.css";
import "./console-accounts.css";
import "./console-staff.css";
import { useRef, useState, type FormEvent } from "react";
import { useLoaderData, useRevalidator } from "react-router";
import type { staffLoader } from "./console.loader";
import { ConsoleFrame } from "../../components/console/ConsoleFrame";
import { TitledTable } from "../../components/console/ConsoleTable";
import { FormField } from "../../components/console/FormField";
import { ConfirmPanel, useConfirm } from "../../components/console/Confirm";
import { consoleWrite } from "../../components/console/console-write";
import { contentField } from "../../domain/content-form";
import { ROLE_CAPABILITIES, ROLE_LABELS, STAFF_ROLES, type StaffRole } from "../../domain/staff-roles";
import type { StaffMemberView } from "../../schemas/console-staff";

const GRANT_FIELDS = [
  contentField("email", "E-mail address of the account", "text", { required: true }),
  contentField("role", "Role", "select", { required: true, options: STAFF_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] })) }),
] as const;

const rolesText = (roles: readonly StaffRole[]) => (roles.length === 0 ? "none" : roles.map((r) => ROLE_LABELS[r]).join(", "));

/**
 * The console's Staff screen, for administrators: who holds which role, a form to grant a role to
 * the account with an e-mail address, and Revoke beside each role (after a confirmation on the page).
 * One's own roles have no controls: the worker refuses any change to them (SELF_CHANGE_FORBIDDEN).
 */
export default function ConsoleStaff() {
  const { list, access } = useLoaderData<typeof staffLoader>();
  const { revalidate } = useRevalidator();
  const [message, setMessage] = useState<{ kind: "done" | "error"; text: string } | null>(null);

  async function changed(text: string) {
    setMessage({ kind: "done", text });
    await revalidate();
  }

  return (
    <ConsoleFrame access={access} title="Staff">
      <section className="console__section" aria-labelledby="staff-heading">
        <h2 id="staff-heading" className="console__heading">
          Staff and their roles
        </h2>
        <p className={message?.kind === "error" ? "console-accounts__error" : "console-accounts__done"} role="status" aria-live="polite">
          {message?.text ?? ""}
        </p>
        <GrantForm onGranted={(text) => void changed(text)} />
        <TitledTable
          id="staff-members"
          title="Who holds a role"
          empty="Nobody holds a role yet."
          columns={["Account", "Roles"]}
          rows={list.staff}
          row={(m) => (
            <tr key={m.ssoID} data-staff={m.email}>
              <th scope="row">
                {m.email}
                {m.displayName ? <span className="console-staff__name"> {m.displayName}</span> : null}
              </th>
              <td>
                <MemberRoles member={m} own={m.ssoID === access.ssoID} onRevoked={(text) => void changed(text)} onError={(text) => setMessage({ kind: "error", text })} />
              </td>
            </tr>
          )}
        />
        <TitledTable
          id="staff-roles"
          title="What each role may do"
          empty="No roles."
          columns={["Role", "Capabilities"]}
          rows={[...STAFF_ROLES]}
          row={(r) => (
            <tr key={r}>
              <th scope="row">{ROLE_LABELS[r]}</th>
              <td>{ROLE_CAPABILITIES[r].join(", ")}</td>
            </tr>
          )}
        />
      </section>
    </ConsoleFrame>
  );
}

/** Grant a role: the account by its e-mail address. A refusal shows beside its field and keeps what was typed. */
function GrantForm({ onGranted }: { onGranted: (text: string) => void }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = String(data.get("email") ?? "");
    const role = String(data.get("role") ?? "") as StaffRole;
    setBusy(true);
    const result = await consoleWrite("POST", "/staff/grant", { email, role });
    setBusy(false);
    if (result.ok) {
      setErrors({});
      setProblem(null);
      form.reset();
      return onGranted(`Granted ${ROLE_LABELS[role] ?? role} to ${email.trim().toLowerCase()}.`);
    }
    setErrors(result.fields);
    setProblem(result.detail);
    const first = GRANT_FIELDS.find((f) => result.fields[f.name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#grant-${first.name}`)?.focus();
  }

  return (
    <form ref={formRef} className="content-form console-staff__grant" aria-labelledby="grant-title" onSubmit={(e) => void submit(e)} noValidate>
      <h3 id="grant-title" className="content-form__title">
        Grant a role
      </h3>
      <p className="content-form__hint">The account must have signed in once. The role counts from its next page.</p>
      {problem ? (
        <p className="content-form__problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="content-form__fields">
        {GRANT_FIELDS.map((f) => (
          <FormField key={f.name} formId="grant" field={f} value={f.name === "role" ? "editor" : ""} error={errors[f.name]} />
        ))}
      </div>
      <div className="content-form__actions">
        <button type="submit" className="console__button console__button--primary" disabled={busy}>
          {busy ? "Granting…" : "Grant role"}
        </button>
      </div>
    </form>
  );
}

/** A member's roles, each with Revoke behind a confirmation; none for one's own. */
function MemberRoles({ member, own, onRevoked, onError }: { member: StaffMemberView; own: boolean; onRevoked: (text: string) => void; onError: (text: string) => void }) {
  const confirm = useConfirm<StaffRole>();
  const [busy, setBusy] = useState(false);

  if (own) return <span data-roles>{rolesText(member.roles)} (your own: another administrator changes them)</span>;

  async function revoke(role: StaffRole) {
    setBusy(true);
    const result = await consoleWrite("POST", "/staff/revoke", { ssoID: member.ssoID, role });
    setBusy(false);
    confirm.done();
    if (result.ok) onRevoked(`Revoked ${ROLE_LABELS[role]} from ${member.email}.`);
    else onError(result.detail);
  }

  const { asking } = confirm;
  if (asking) {
    return (
      <ConfirmPanel confirm={confirm} title={`Revoke ${ROLE_LABELS[asking]} from ${member.email}?`} yes="Yes, revoke" busy={busy} onYes={() => void revoke(asking)}>
        They lose what the role allows from their next page.
      </ConfirmPanel>
    );
  }

  return (
    <ul className="console-staff__roles" data-roles>
      {member.roles.map((role) => (
        <li key={role}>
          <span>{ROLE_LABELS[role]}</span>
          <button type="button" className="console__button" ref={confirm.button(role)} onClick={() => confirm.ask(role)} aria-label={`Revoke ${ROLE_LABELS[role]} from ${member.email}`}>
            Revoke
          </button>
        </li>
      ))}
    </ul>
  );
}
