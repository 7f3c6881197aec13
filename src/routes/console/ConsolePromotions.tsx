import "./console.css";
import "./console-content.css";
import "./console-accounts.css";
import "./console-promotions.css";
import { useState, type FormEvent } from "react";
import { Link, useLoaderData, useRevalidator } from "react-router";
import type { promotionsLoader } from "./console.loader";
import { ConsoleFrame } from "../../components/console/ConsoleFrame";
import { ConsoleTable, numeric } from "../../components/console/ConsoleTable";
import { FormField } from "../../components/console/FormField";
import { FormFrame, useFormRefusal } from "../../components/console/FormFrame";
import { consoleWrite } from "../../components/console/console-write";
import { contentField } from "../../domain/content-form";
import { priceDisplayOf } from "../../domain/money";
import { MAX_DURATION_MONTHS, limitsText, promoStatus, termsText } from "../../domain/promo-codes";
import { PromoDeactivate } from "./PromoDeactivate";
import { ConsoleStatus, type ConsoleMessage } from "../../components/console/ConsoleStatus";

const FORM_ID = "promo";
const FIELDS = [
  contentField("code", "Code (letters, digits and dashes, 3 to 40)", "text", { required: true }),
  contentField("percentOff", "Percent off (1 to 100)", "number"),
  contentField("amountOff", "Or an amount off in pounds (GBP)", "text"),
  contentField("duration", "On a subscription, the discount lasts", "select", {
    required: true,
    options: [
      { value: "once", label: "Once: the first payment" },
      { value: "repeating", label: "Repeating: for some months" },
      { value: "forever", label: "Forever" },
    ],
  }),
  contentField("durationInMonths", `Months, when repeating (1 to ${MAX_DURATION_MONTHS})`, "number"),
  contentField("firstTimeOnly", "First-time buyers only", "checkbox"),
  contentField("maxRedemptions", "Most redemptions (empty: no limit)", "number"),
  contentField("expiresOn", "Last day, London time (empty: no end)", "date"),
] as const;
const INITIAL: Record<string, string | boolean> = { duration: "once", firstTimeOnly: false };

/**
 * The console's Promo codes: make a code (mirrored to Stripe as a coupon and its promotion code,
 * taken at checkout), see every code's terms, limits, status, redemptions and the discount given,
 * open a code for who redeemed it, and deactivate one (asked first). `commerce.manage` only.
 */
export default function ConsolePromotions() {
  const { codes, paymentsReady, now, access } = useLoaderData<typeof promotionsLoader>();
  const { revalidate } = useRevalidator();
  const [message, setMessage] = useState<ConsoleMessage>(null);

  async function changed(text: string, kind: "done" | "error" = "done") {
    setMessage({ kind, text });
    await revalidate();
  }

  return (
    <ConsoleFrame access={access} title="Promo codes">
      <section className="console__section" aria-labelledby="promotions-heading">
        <h2 id="promotions-heading" className="console__heading">
          Promo codes
        </h2>
        <p className="content-form__hint">Supporters type a code at checkout. Each is made in Stripe (a coupon and its promotion code) before it is listed here.</p>
        <ConsoleStatus message={message} />
        {paymentsReady ? (
          <PromoForm onSaved={(text) => void changed(text)} />
        ) : (
          <p className="console-promotions__note">Payments are not configured here, so no code can be made: Stripe's key is missing.</p>
        )}
        <h3 className="console__subheading" id="promotions-list">
          {codes.length === 0 ? "No promo codes yet" : `${codes.length} promo ${codes.length === 1 ? "code" : "codes"}, newest first`}
        </h3>
        {codes.length === 0 ? (
          <p className="console-promotions__note">Make the first with the form above: it works at checkout at once.</p>
        ) : (
          <ConsoleTable
            labelledBy="promotions-list"
            className="console-promotions__table"
            columns={["Code", "Discount", "Limits", "Status", numeric("Redemptions"), numeric("Discount given"), "Change"]}
            rows={codes}
            row={(p) => {
              const status = promoStatus(p, new Date(now));
              return (
                <tr key={p.id} data-promo={p.code}>
                  <th scope="row" className="console-promotions__code">
                    <Link to={`/admin/promotions/${p.id}`}>{p.code}</Link>
                  </th>
                  <td>{termsText(p)}</td>
                  <td>{limitsText(p)}</td>
                  <td>
                    <span className={`console-promotions__status console-promotions__status--${status.replace(" ", "-")}`}>{status}</span>
                  </td>
                  <td className="console__num">{p.redemptions}</td>
                  <td className="console__num">{priceDisplayOf(p.discountPence)}</td>
                  <td>{p.active ? <PromoDeactivate id={p.id} code={p.code} onDone={(text, kind) => void changed(text, kind)} /> : <span className="console-promotions__meta">None</span>}</td>
                </tr>
              );
            }}
          />
        )}
      </section>
    </ConsoleFrame>
  );
}

/** A new code. A refusal shows beside its field and keeps what was typed; the first field in error takes the focus. */
function PromoForm({ onSaved }: { onSaved: (text: string) => void }) {
  const f = useFormRefusal(FORM_ID);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const value = (name: string) => String(data.get(name) ?? "");
    const body = {
      code: value("code"),
      percentOff: value("percentOff"),
      amountOff: value("amountOff"),
      duration: value("duration"),
      durationInMonths: value("durationInMonths"),
      firstTimeOnly: data.get("firstTimeOnly") !== null,
      maxRedemptions: value("maxRedemptions"),
      expiresOn: value("expiresOn"),
    };
    f.setBusy(true);
    const result = await consoleWrite("POST", "/promotions", body);
    f.setBusy(false);
    if (result.ok) {
      f.clear();
      form.reset();
      return onSaved(`${body.code.trim()} is ready: supporters can use it at checkout.`);
    }
    f.refused(result.fields, result.detail, FIELDS.map((field) => field.name));
  }

  return (
    <FormFrame
      formRef={f.ref}
      className="content-form console-promotions__form"
      dataForm={FORM_ID}
      titleId={`${FORM_ID}-title`}
      title="New promo code"
      hint="A percentage or an amount off, not both. On a one-off payment such as a match pass the discount applies once."
      problem={f.problem}
      busy={f.busy}
      busyLabel="Making it in Stripe…"
      submitLabel="Create code"
      onSubmit={submit}
    >
      {FIELDS.map((field) => (
        <FormField key={field.name} formId={FORM_ID} field={field} value={INITIAL[field.name] ?? ""} error={f.errors[field.name]} />
      ))}
    </FormFrame>
  );
}
