import { useEffect, useState, type FormEvent } from "react";
import { FormFrame, useFormRefusal } from "../FormFrame";
import { PhotoField } from "../PhotoField";
import { RichTextField } from "../RichTextField";
import { consoleWrite } from "../console-write";
import { PRICE_FIELDS, PriceFields, priceBody, type PriceTexts } from "./PriceFields";
import type { ConsolePackage, ConsolePrice } from "../../../schemas/console-packages";

const PACKAGE_FIELDS = ["title", "customLabel", "description", "displayType", "styleMode", "imageKey"] as const;

/** Takes the keyboard to the form's first field when it opens in place of a button. */
function useFocusFirst(f: ReturnType<typeof useFormRefusal>, selector: string) {
  useEffect(() => f.ref.current?.querySelector<HTMLElement>(selector)?.focus(), []);
}

/**
 * A new package (with its first price, which a package on sale needs) or the edit of a package's
 * own fields: its name, the card's label, what it gives in words, how the card shows its art, and
 * the picture from the media library.
 */
export function PackageForm({ pkg, codes, onSaved, onCancel }: { pkg?: ConsolePackage; codes: readonly string[]; onSaved: (text: string) => void; onCancel: () => void }) {
  const formId = pkg ? `package-${pkg.id}` : "package-new";
  const f = useFormRefusal(formId);
  const [description, setDescription] = useState(pkg?.description ?? "");
  // A new package starts with the club's generated stadium art; a photo from the library replaces it.
  const [imageKey, setImageKey] = useState(pkg?.imageKey ?? "package-art");
  const [texts, setTexts] = useState<PriceTexts>({ furtherInformation: "", backsideText: "" });
  useFocusFirst(f, `#${formId}-title`);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const own = {
      title: String(data.get("title") ?? ""),
      customLabel: String(data.get("customLabel") ?? ""),
      description,
      displayType: String(data.get("displayType") ?? ""),
      styleMode: String(data.get("styleMode") ?? ""),
      imageKey,
    };
    f.setBusy(true);
    const result = pkg ? await consoleWrite("PUT", `/packages/${pkg.id}`, { ...own, version: pkg.version }) : await consoleWrite("POST", "/packages", { ...own, ...priceBody(data, texts) });
    f.setBusy(false);
    if (result.ok) return onSaved(pkg ? `Saved ${own.title.trim()}.` : `Added ${own.title.trim()}: it is on sale in the Subscriptions tab now.`);
    f.refused(result.fields, result.detail, [...PACKAGE_FIELDS, ...(pkg ? [] : PRICE_FIELDS)]);
  }

  return (
    <FormFrame
      formRef={f.ref}
      dataForm={formId}
      titleId={`${formId}-heading`}
      title={pkg ? `Edit ${pkg.title}` : "New package"}
      hint={pkg ? undefined : "It goes on sale in the Subscriptions tab, last, as soon as it is added; Stripe gets a product and a price for it."}
      problem={f.problem}
      busy={f.busy}
      submitLabel={pkg ? "Save package" : "Add package"}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <div className="cfield" data-field="title">
        <label htmlFor={`${formId}-title`} className="cfield__label">
          Name<span className="cfield__required"> (required)</span>
        </label>
        <input id={`${formId}-title`} name="title" defaultValue={pkg?.title ?? ""} maxLength={80} required className="cfield__control" {...f.described("title")} />
        {f.problemOf("title")}
      </div>
      <div className="cfield" data-field="customLabel">
        <label htmlFor={`${formId}-customLabel`} className="cfield__label">
          Label on the card (like “Best value”)
        </label>
        <input id={`${formId}-customLabel`} name="customLabel" defaultValue={pkg?.customLabel ?? ""} maxLength={40} className="cfield__control" {...f.described("customLabel")} />
        {f.problemOf("customLabel")}
      </div>
      <RichTextField formId={formId} name="description" label="What it gives (required)" html={description} onChange={setDescription} error={f.errors.description} />
      <div className="cfield" data-field="displayType">
        <label htmlFor={`${formId}-displayType`} className="cfield__label">
          Card art
        </label>
        <select id={`${formId}-displayType`} name="displayType" defaultValue={pkg?.displayType ?? "icon-only"} className="cfield__control" {...f.described("displayType")}>
          <option value="icon-only">The picture above the card's text</option>
          <option value="background-image">The picture behind the whole card</option>
        </select>
        {f.problemOf("displayType")}
      </div>
      <div className="cfield" data-field="styleMode">
        <label htmlFor={`${formId}-styleMode`} className="cfield__label">
          Card colours
        </label>
        <select id={`${formId}-styleMode`} name="styleMode" defaultValue={pkg?.styleMode ?? "light"} className="cfield__control" {...f.described("styleMode")}>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </select>
        {f.problemOf("styleMode")}
      </div>
      <PhotoField id={`${formId}-imageKey`} label="Picture (required)" value={imageKey} onChange={setImageKey} emptyText="choose one: the card needs a picture" error={f.errors.imageKey} />
      {pkg ? null : (
        <fieldset className="console-packages__first-price">
          <legend className="console__subheading">Its first price</legend>
          <PriceFields formId={formId} f={f} codes={codes} texts={texts} onTexts={setTexts} />
        </fieldset>
      )}
    </FormFrame>
  );
}

/** A price added to a package, or one edited: its texts change in place, a new amount or way of paying is a new Stripe price. */
export function PriceForm({ pkg, price, codes, onSaved, onCancel }: { pkg: ConsolePackage; price?: ConsolePrice; codes: readonly string[]; onSaved: (text: string) => void; onCancel: () => void }) {
  const formId = price ? `price-${price.id}` : `price-new-${pkg.id}`;
  const f = useFormRefusal(formId);
  const [texts, setTexts] = useState<PriceTexts>({ furtherInformation: price?.furtherInformation ?? "", backsideText: price?.backsideText ?? "" });
  useFocusFirst(f, `#${formId}-kind`);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = { ...priceBody(new FormData(event.currentTarget), texts), version: pkg.version };
    f.setBusy(true);
    const result = price ? await consoleWrite("PUT", `/packages/${pkg.id}/prices/${price.id}`, body) : await consoleWrite("POST", `/packages/${pkg.id}/prices`, body);
    f.setBusy(false);
    if (result.ok) return onSaved(price ? `Saved the ${price.priceDisplay} price of ${pkg.title}.` : `Added a price to ${pkg.title}.`);
    f.refused(result.fields, result.detail, PRICE_FIELDS);
  }

  return (
    <FormFrame
      formRef={f.ref}
      dataForm={formId}
      titleId={`${formId}-heading`}
      title={price ? `Edit the ${price.priceDisplay} price of ${pkg.title}` : `Add a price to ${pkg.title}`}
      problem={f.problem}
      busy={f.busy}
      submitLabel={price ? "Save price" : "Add price"}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <PriceFields formId={formId} f={f} codes={codes} price={price} texts={texts} onTexts={setTexts} />
    </FormFrame>
  );
}
