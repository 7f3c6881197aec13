import { useEffect, useState, type FormEvent } from "react";
import { ConfirmPanel, useConfirm } from "../../components/console/Confirm";
import { FormField } from "../../components/console/FormField";
import { FormFrame, useFormRefusal } from "../../components/console/FormFrame";
import { consoleWrite } from "../../components/console/console-write";
import { consoleField as field } from "../../domain/content-form";
import { defaultSaleUntil } from "../../domain/match-pass";
import { poundsOf, priceDisplayOf } from "../../domain/money";
import { formatInClubTime, utcToClubLocal } from "../../domain/date-format";
import type { ConsoleFixture } from "../../schemas/console-fixtures";
import type { FixturePassView } from "../../schemas/console-match-pass";

/**
 * A fixture's match pass on the fixture list (/admin/fixtures): what it costs, when it is on sale
 * and how many sold, shown to everyone who opens the list; 'Sell a match pass', 'Change pass' and
 * 'Archive pass' (asked first) for staff with `commerce.manage`. The form (MatchPassForm) opens
 * above the table, as the fixture form does, so it has the page's width at 375 px.
 */
const when = (iso: string) => formatInClubTime(iso, "ddd D MMM, HH:mm");

export function MatchPassCell({ fixture, view, canSell, onSell, onChanged }: {
  fixture: ConsoleFixture;
  view: FixturePassView | undefined;
  canSell: boolean;
  onSell: () => void;
  onChanged: (text: string, kind?: "done" | "error") => Promise<void>;
}) {
  const confirm = useConfirm<"archive">();
  const [busy, setBusy] = useState(false);
  if (!view || fixture.status !== "fixture") return <span className="console-fixtures__meta">No pass</span>;
  const { pass } = view;
  const title = `${fixture.isHome ? "v" : "at"} ${fixture.opponent}`;

  async function archive() {
    if (!pass) return;
    setBusy(true);
    const result = await consoleWrite("POST", `/match-passes/${encodeURIComponent(pass.packageId)}/archive`, { version: pass.version });
    setBusy(false);
    confirm.done();
    await onChanged(result.ok ? `Archived the match pass for ${title}.` : result.detail, result.ok ? "done" : "error");
  }

  if (confirm.asking && pass) {
    return (
      <ConfirmPanel confirm={confirm} title={`Archive the match pass for ${title}?`} yes="Yes, archive" busy={busy} onYes={() => void archive()}>
        It leaves the Match passes tab and its Stripe product is archived. The {pass.sold} who bought it keep their access.
      </ConfirmPanel>
    );
  }
  return (
    <div className="console-fixtures__pass" data-pass={pass?.packageId}>
      {pass ? (
        <p>
          {priceDisplayOf(pass.amountPence)} · {pass.sold} sold
          <span className="console-fixtures__meta">
            On sale {pass.saleFrom ? when(pass.saleFrom) : "now"} to {pass.saleUntil ? when(pass.saleUntil) : "kick-off"}
          </span>
        </p>
      ) : (
        <p className="console-fixtures__meta">No pass</p>
      )}
      {canSell ? (
        <div className="console-fixtures__actions">
          <button type="button" className="console__button" onClick={onSell} aria-label={pass ? `Change the match pass for ${title}` : `Sell a match pass for ${title}`}>
            {pass ? "Change pass" : "Sell a match pass"}
          </button>
          {pass ? (
            <button type="button" className="console__button" ref={confirm.button("archive")} onClick={() => confirm.ask("archive")} aria-label={`Archive the match pass for ${title}`}>
              Archive pass
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

const FIELDS = ["price", "saleFrom", "saleUntil", "streams"] as const;

/** Sell a match pass (or change one): price in pounds, the sale window in London time, the streams it opens. */
export function MatchPassForm({ fixture, view, onSaved, onCancel }: { fixture: ConsoleFixture; view: FixturePassView; onSaved: (text: string) => Promise<void>; onCancel: () => void }) {
  const formId = `match-pass-${fixture.id}`;
  const f = useFormRefusal(formId);
  const { pass, streams } = view;
  const title = `${fixture.isHome ? "v" : "at"} ${fixture.opponent}`;
  useEffect(() => {
    f.ref.current?.querySelector<HTMLElement>("input")?.focus();
  }, [formId]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = {
      price: String(form.get("price") ?? ""),
      saleFrom: String(form.get("saleFrom") ?? ""),
      saleUntil: String(form.get("saleUntil") ?? ""),
      streams: form.getAll("streams").map(String),
      ...(pass ? { version: pass.version } : { fixtureSequence: fixture.sequence }),
    };
    f.setBusy(true);
    const result = pass
      ? await consoleWrite("PUT", `/match-passes/${encodeURIComponent(pass.packageId)}`, body)
      : await consoleWrite("POST", `/fixtures/${fixture.id}/match-pass`, body);
    f.setBusy(false);
    if (result.ok) return onSaved(pass ? `Saved the match pass for ${title}.` : `The match pass for ${title} is on sale.`);
    f.refused(result.fields, result.detail, FIELDS);
  }

  const opened = new Set(pass ? streams.filter((s) => s.opened).map((s) => s.id) : streams.map((s) => s.id));
  const streamError = f.errors.streams;
  return (
    <FormFrame
      formRef={f.ref}
      dataForm={formId}
      titleId={`${formId}-title`}
      title={pass ? `Match pass for ${title}` : `Sell a match pass for ${title}`}
      hint={`Kick-off ${formatInClubTime(fixture.kickoff, "ddd D MMM YYYY, HH:mm")} (London). ${pass && pass.sold > 0 ? "A new price is a new Stripe price: those who bought keep theirs." : "Mirrored to Stripe as a product and a price."}`}
      problem={f.problem}
      busy={f.busy}
      submitLabel={pass ? "Save match pass" : "Put on sale"}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <FormField formId={formId} field={field("price", "Price in pounds (GBP)", "text")} value={pass ? poundsOf(pass.amountPence) : ""} error={f.errors.price} />
      <FormField formId={formId} field={field("saleFrom", "On sale from (London time; empty: now)", "datetime", [], false)} value={pass?.saleFrom ? utcToClubLocal(pass.saleFrom) : ""} error={f.errors.saleFrom} />
      <FormField formId={formId} field={field("saleUntil", "On sale until (London time)", "datetime")} value={pass?.saleUntil ? utcToClubLocal(pass.saleUntil) : defaultSaleUntil(fixture.kickoff)} error={f.errors.saleUntil} />
      <fieldset className="cfield console-fixtures__streams" aria-describedby={streamError ? `${formId}-streams-error` : undefined}>
        <legend className="cfield__label">Opens these live streams</legend>
        {streams.length === 0 ? <p className="console-fixtures__meta">This match has no live stream yet: the pass opens those added to it with its pass.</p> : null}
        {streams.map((s, i) => (
          <label key={s.id} className="console-fixtures__stream">
            <input type="checkbox" name="streams" value={s.id} defaultChecked={opened.has(s.id)} className="cfield__check" id={i === 0 ? `${formId}-streams` : undefined} /> {s.title} ({s.mediaType})
          </label>
        ))}
        {streamError ? (
          <p id={`${formId}-streams-error`} className="cfield__error">
            {streamError}
          </p>
        ) : null}
      </fieldset>
    </FormFrame>
  );
}
