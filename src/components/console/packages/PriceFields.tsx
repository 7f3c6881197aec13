import { RichTextField } from "../RichTextField";
import { PRICE_KINDS, priceKinds } from "../../../domain/package-rules";
import { poundsOf } from "../../../domain/money";
import type { ConsolePrice } from "../../../schemas/console-packages";
import type { useFormRefusal } from "../FormFrame";

/** The order a price's fields are shown in: the first in error takes the focus. */
export const PRICE_FIELDS = ["kind", "amount", "offer", "furtherInformation", "backsideText", "entitlements", "newEntitlement"] as const;

export interface PriceTexts {
  furtherInformation: string;
  backsideText: string;
}

/** A price's fields as the API takes them, read from the form (`texts`: the two rich-text fields the form keeps). */
export function priceBody(data: FormData, texts: PriceTexts) {
  return {
    kind: String(data.get("kind") ?? ""),
    amount: String(data.get("amount") ?? ""),
    offer: String(data.get("offer") ?? ""),
    furtherInformation: texts.furtherInformation,
    backsideText: texts.backsideText,
    entitlements: data.getAll("entitlements").map(String),
    newEntitlement: String(data.get("newEntitlement") ?? ""),
  };
}

/**
 * A price's fields inside a form (a new package's first price, an added or edited price): how it
 * is paid, the amount, the card's offer line, its further information and back, and what it gives.
 * A new amount or way of paying makes a new price in Stripe: the hint says so when editing.
 */
export function PriceFields(props: {
  formId: string;
  f: ReturnType<typeof useFormRefusal>;
  codes: readonly string[];
  price?: ConsolePrice | undefined;
  texts: PriceTexts;
  onTexts: (texts: PriceTexts) => void;
}) {
  const { formId, f, codes, price, texts, onTexts } = props;
  const id = (name: string) => `${formId}-${name}`;
  return (
    <>
      <div className="cfield" data-field="kind">
        <label htmlFor={id("kind")} className="cfield__label">
          Paid<span className="cfield__required"> (required)</span>
        </label>
        <select id={id("kind")} name="kind" defaultValue={price?.kind ?? "monthly"} className="cfield__control" {...f.described("kind")}>
          {priceKinds.map((kind) => (
            <option key={kind} value={kind}>
              {PRICE_KINDS[kind].label}
            </option>
          ))}
        </select>
        {f.problemOf("kind")}
      </div>
      <div className="cfield" data-field="amount">
        <label htmlFor={id("amount")} className="cfield__label">
          Price in £<span className="cfield__required"> (required)</span>
        </label>
        <input id={id("amount")} name="amount" inputMode="decimal" defaultValue={price ? poundsOf(price.amountPence) : ""} required className="cfield__control" {...f.described("amount")} />
        {price ? <p className="cfield__hint">A new price or way of paying is a new price in Stripe: its holders keep paying what they signed up for.</p> : null}
        {f.problemOf("amount")}
      </div>
      <div className="cfield" data-field="offer">
        <label htmlFor={id("offer")} className="cfield__label">
          Offer line on the card
        </label>
        <input id={id("offer")} name="offer" defaultValue={price?.offer ?? ""} maxLength={60} className="cfield__control" {...f.described("offer")} />
        {f.problemOf("offer")}
      </div>
      <RichTextField formId={formId} name="furtherInformation" label="Further information (under the price)" html={texts.furtherInformation} onChange={(html) => onTexts({ ...texts, furtherInformation: html })} error={f.errors.furtherInformation} />
      <RichTextField formId={formId} name="backsideText" label="The back of the card" html={texts.backsideText} onChange={(html) => onTexts({ ...texts, backsideText: html })} error={f.errors.backsideText} />
      <fieldset className="cfield console-packages__codes" data-field="entitlements" aria-describedby={f.errors.entitlements ? id("entitlements-error") : undefined}>
        <legend className="cfield__label">
          What it gives<span className="cfield__required"> (required)</span>
        </legend>
        {codes.map((code, i) => (
          <label key={code} className="console-packages__code">
            <input type="checkbox" name="entitlements" value={code} id={i === 0 ? id("entitlements") : undefined} defaultChecked={price?.entitlements.includes(code) ?? false} className="cfield__check" /> {code}
          </label>
        ))}
        {f.problemOf("entitlements")}
      </fieldset>
      <div className="cfield" data-field="newEntitlement">
        <label htmlFor={id("newEntitlement")} className="cfield__label">
          Or a new access code
        </label>
        <input id={id("newEntitlement")} name="newEntitlement" maxLength={64} autoComplete="off" className="cfield__control" {...f.described("newEntitlement")} />
        <p className="cfield__hint">Lowercase words and dashes. Videos and live streams open to it once their tier names it.</p>
        {f.problemOf("newEntitlement")}
      </div>
    </>
  );
}
