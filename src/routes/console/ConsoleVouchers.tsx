import "./console.css";
import "./console-content.css";
import "./console-accounts.css";
import "./console-vouchers.css";
import type { FormEvent, ReactNode } from "react";
import { Link, useLoaderData, useNavigate } from "react-router";
import type { vouchersLoader } from "./console-vouchers.loader";
import { ConsoleFrame } from "../../components/console/ConsoleFrame";
import { ConsoleTable, numeric } from "../../components/console/ConsoleTable";
import { FormFrame, useFormRefusal } from "../../components/console/FormFrame";
import { consoleWriteAnswer } from "../../components/console/console-write";
import { utcMinute } from "../../components/console/console-time";
import { grantsText, lastRedeemDay, MAX_BATCH_CODES, MAX_PERIOD_DAYS } from "../../domain/vouchers";
import type { GrantableEntitlement, VoucherBatch } from "../../schemas/console-vouchers";

const FORM_ID = "voucher-batch";
const ORDER = ["name", "entitlements", "count", "periodDays", "redeemBy"] as const;

/**
 * The console's Vouchers: a form to issue a batch (one code or up to 1,000) granting some of the
 * entitlements the club's packages grant, for a number of days from redemption, redeemable until
 * a London date; the batches with their issued and redeemed counts, each linking to its codes.
 */
export default function ConsoleVouchers() {
  const { batches, grantable, access } = useLoaderData<typeof vouchersLoader>();
  return (
    <ConsoleFrame access={access} title="Vouchers">
      <section className="console__section" aria-labelledby="vouchers-heading">
        <h2 id="vouchers-heading" className="console__heading">
          Vouchers
        </h2>
        <p className="console__note">
          A voucher code grants access without payment (a gift, a partner's offer, making up for a failed stream): the supporter types it in the site's
          'Redeem a voucher' box and holds what it grants from then on, for the batch's number of days.
        </p>
        <BatchForm grantable={grantable} />
        <h3 className="console__subheading" id="voucher-batches">
          Batches
        </h3>
        {batches.length === 0 ? (
          <p className="console__empty">No vouchers yet: issue a batch above.</p>
        ) : (
          <ConsoleTable
            labelledBy="voucher-batches"
            className="vouchers__table"
            columns={["Batch", "Grants", "Days", "Redeem by", numeric("Issued"), numeric("Redeemed"), "State"]}
            rows={batches}
            row={(b) => <BatchRow key={b.id} batch={b} grantable={grantable} />}
          />
        )}
      </section>
    </ConsoleFrame>
  );
}

function BatchRow({ batch: b, grantable }: { batch: VoucherBatch; grantable: readonly GrantableEntitlement[] }) {
  return (
    <tr data-batch={b.id}>
      <th scope="row">
        <Link to={`/admin/vouchers/${b.id}`}>{b.name}</Link>
        <span className="vouchers__meta"> {utcMinute(b.createdAt)}</span>
      </th>
      <td>{grantsText(b.entitlements, grantable)}</td>
      <td>{b.periodDays}</td>
      <td>{lastRedeemDay(b.redeemBy)}</td>
      <td className="console__num">{b.issued}</td>
      <td className="console__num">{b.redeemed}</td>
      <td>{b.revokedAt ? "Revoked" : Date.parse(b.redeemBy) <= Date.now() ? "Expired" : "Open"}</td>
    </tr>
  );
}

/** Issue a batch. Every field is checked again by the worker (checkBatch); a refused one shows its problem beside it. */
function BatchForm({ grantable }: { grantable: readonly GrantableEntitlement[] }) {
  const f = useFormRefusal(FORM_ID);
  const navigate = useNavigate();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = {
      name: String(form.get("name") ?? ""),
      entitlements: form.getAll("entitlements").map(String),
      count: String(form.get("count") ?? ""),
      periodDays: String(form.get("periodDays") ?? ""),
      redeemBy: String(form.get("redeemBy") ?? ""),
    };
    f.setBusy(true);
    const result = await consoleWriteAnswer("POST", "/vouchers", body);
    if (!result.ok) {
      f.setBusy(false);
      return f.refused(result.fields, result.detail, ORDER);
    }
    const [z, { createdBatchAnswerSchema }] = await Promise.all([import("zod/mini"), import("../../schemas/console-vouchers")]);
    const parsed = z.safeParse(createdBatchAnswerSchema, result.answer);
    f.setBusy(false);
    f.clear();
    if (parsed.success) await navigate(`/admin/vouchers/${parsed.data.data.attributes.batch.id}`, { state: { created: parsed.data.data.attributes.batch.issued } });
  }

  const { described } = f;
  const field = (name: string, label: string, control: ReactNode) => (
    <div className="cfield" data-field={name}>
      <label htmlFor={`${FORM_ID}-${name}`} className="cfield__label">
        {label}
        <span className="cfield__required"> (required)</span>
      </label>
      {control}
      {f.problemOf(name)}
    </div>
  );

  return (
    <FormFrame
      formRef={f.ref}
      dataForm={FORM_ID}
      className="content-form vouchers__form"
      titleId={`${FORM_ID}-title`}
      title="Issue vouchers"
      hint={`One code or many (up to ${MAX_BATCH_CODES.toLocaleString("en-GB")}), made at once. Each code grants its access once, for the number of days from the moment it is redeemed.`}
      problem={f.problem}
      busy={f.busy}
      submitLabel="Issue vouchers"
      busyLabel="Issuing…"
      onSubmit={submit}
    >
      {field("name", "Name (who or what it is for)", <input id={`${FORM_ID}-name`} name="name" type="text" maxLength={120} required className="cfield__control" {...described("name")} />)}
      <fieldset className="cfield vouchers__codes" data-field="entitlements" {...(f.errors.entitlements ? { "aria-describedby": `${FORM_ID}-entitlements-error` } : {})}>
        <legend className="cfield__label">
          Grants<span className="cfield__required"> (required)</span>
        </legend>
        {grantable.map((g, i) => (
          <label key={g.code} className="vouchers__code">
            <input type="checkbox" name="entitlements" value={g.code} id={i === 0 ? `${FORM_ID}-entitlements` : undefined} className="cfield__check" /> {g.title}{" "}
            <span className="vouchers__meta">({g.code})</span>
          </label>
        ))}
        {f.problemOf("entitlements")}
      </fieldset>
      {field("count", "How many codes", <input id={`${FORM_ID}-count`} name="count" type="number" min={1} max={MAX_BATCH_CODES} defaultValue={1} required className="cfield__control" {...described("count")} />)}
      {field(
        "periodDays",
        "Days of access from redemption",
        <input id={`${FORM_ID}-periodDays`} name="periodDays" type="number" min={1} max={MAX_PERIOD_DAYS} defaultValue={30} required className="cfield__control" {...described("periodDays")} />,
      )}
      {field("redeemBy", "Redeem by (last day, London time)", <input id={`${FORM_ID}-redeemBy`} name="redeemBy" type="date" required className="cfield__control" {...described("redeemBy")} />)}
    </FormFrame>
  );
}
