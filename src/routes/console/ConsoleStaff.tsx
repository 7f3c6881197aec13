import "./console.css";
import "./console-content.css";
import "./console-accounts.css";
import "./console-staff.css";
import { useState, type FormEvent } from "react";
import { useLoaderData, useRevalidator } from "react-router";
import type { staffLoader } from "./console.loader";
import { ConsoleFrame } from "../../components/console/ConsoleFrame";
import { TitledTable } from "../../components/console/ConsoleTable";
import { FormField } from "../../components/console/FormField";
import { FormFrame, useFormRefusal } from "../../components/console/FormFrame";
import { ConfirmPanel, useConfirm } from "../../components/console/Confirm";
import { consoleWrite } from "../../components/console/console-write";
import { contentField } from "../../domain/content-form";
import { ROLE_CAPABILITIES, ROLE_LABELS, STAFF_ROLES, type StaffRole } from "../../domain/staff-roles";
import type { StaffMemberView } from "../../schemas/console-staff";
import { ConsoleStatus, type ConsoleMessage } from "../../components/console/ConsoleStatus";

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
  const [message, setMessage] = useState<ConsoleMessage>(null);

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
        <ConsoleStatus message={message} />
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
  const f = useFormRefusal("grant");

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = String(data.get("email") ?? "");
    const role = String(data.get("role") ?? "") as StaffRole;
    f.setBusy(true);
    const result = await consoleWrite("POST", "/staff/grant", { email, role });
    f.setBusy(false);
    if (result.ok) {
      f.clear();
      form.reset();
      return onGranted(`Granted ${ROLE_LABELS[role] ?? role} to ${email.trim().toLowerCase()}.`);
    }
    f.refused(result.fields, result.detail, GRANT_FIELDS.map((control) => control.name));
  }

  return (
    <FormFrame
      formRef={f.ref}
      className="content-form console-staff__grant"
      titleId="grant-title"
      title="Grant a role"
      hint="The account must have signed in once. The role counts from its next page."
      problem={f.problem}
      busy={f.busy}
      submitLabel="Grant role"
      busyLabel="Granting…"
      onSubmit={submit}
    >
      {GRANT_FIELDS.map((control) => (
        <FormField key={control.name} formId="grant" field={control} value={control.name === "role" ? "editor" : ""} error={f.errors[control.name]} />
      ))}
    </FormFrame>
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
