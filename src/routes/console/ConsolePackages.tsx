import "./console.css";
import "./console-content.css";
import "./console-accounts.css";
import "./console-article.css";
import "./console-media.css";
import "./console-packages.css";
import { useState } from "react";
import { Link, useLoaderData, useRevalidator } from "react-router";
import type { packagesLoader } from "./console.loader";
import { ConsoleFrame } from "../../components/console/ConsoleFrame";
import { ConfirmPanel, useConfirm } from "../../components/console/Confirm";
import { consoleWrite } from "../../components/console/console-write";
import { PackageForm, PriceForm } from "../../components/console/packages/PackageForms";
import { PRICE_KINDS } from "../../domain/package-rules";
import { formatInClubTime } from "../../domain/date-format";
import type { ConsolePackage, ConsolePrice } from "../../schemas/console-packages";
import { ConsoleStatus, type ConsoleMessage } from "../../components/console/ConsoleStatus";

/** What is open on the page: one form at a time, so the keyboard never meets two. */
type Open = null | { form: "new-package" } | { form: "package"; id: string } | { form: "price"; id: string; priceId: string | null };

const holdersText = (n: number) => (n === 1 ? "1 holder" : `${n} holders`);

/**
 * The console's Packages section: the Subscriptions tab of /videos/subscriptions as commerce staff
 * run it. Each package on sale with its prices, in the tab's order (Move up, Move down); a new
 * package, an edit, a price added, edited or archived, a package archived (each archive confirmed
 * first; holders keep their access). Everything is mirrored to Stripe by the worker. Match passes
 * are sold from the fixture list.
 */
export default function ConsolePackages() {
  const { packages, codes, access } = useLoaderData<typeof packagesLoader>();
  const { revalidate } = useRevalidator();
  const [open, setOpen] = useState<Open>(null);
  const [message, setMessage] = useState<ConsoleMessage>(null);
  const onSale = packages.filter((p) => p.active);
  const archived = packages.filter((p) => !p.active);

  async function changed(text: string) {
    setMessage({ kind: "done", text });
    setOpen(null);
    await revalidate();
  }
  const refused = (text: string) => setMessage({ kind: "error", text });

  return (
    <ConsoleFrame access={access} title="Packages">
      <section className="console__section" aria-labelledby="packages-heading">
        <h2 id="packages-heading" className="console__heading">
          Packages
        </h2>
        <p className="content-form__hint">
          The Subscriptions tab of <Link to="/videos/subscriptions">Rovers TV's packages</Link>, in this order. Match passes are sold from <Link to="/admin/fixtures">Fixtures and results</Link>.
        </p>
        <ConsoleStatus message={message} />
        {open?.form === "new-package" ? (
          <PackageForm codes={codes} onSaved={(text) => void changed(text)} onCancel={() => setOpen(null)} />
        ) : (
          <button type="button" className="console__button console__button--primary" onClick={() => setOpen({ form: "new-package" })}>
            New package
          </button>
        )}
        <h3 className="console__subheading">On sale ({onSale.length})</h3>
        {onSale.length === 0 ? <p className="console__empty">No package is on sale: the Subscriptions tab shows its empty message.</p> : null}
        <ol className="console-packages__list">
          {onSale.map((pkg, i) => (
            <li key={pkg.id} className="console-packages__package" data-package={pkg.id}>
              <PackageCard pkg={pkg} first={i === 0} last={i === onSale.length - 1} codes={codes} open={open} setOpen={setOpen} onChanged={(text) => void changed(text)} onRefused={refused} />
            </li>
          ))}
        </ol>
        {archived.length > 0 ? (
          <>
            <h3 className="console__subheading">Archived ({archived.length})</h3>
            <ul className="console-packages__archived">
              {archived.map((pkg) => (
                <li key={pkg.id}>
                  {pkg.title}: archived {pkg.archivedAt ? formatInClubTime(pkg.archivedAt, "D MMM YYYY") : ""}, {holdersText(pkg.holders)}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
    </ConsoleFrame>
  );
}

function PackageCard(props: {
  pkg: ConsolePackage;
  first: boolean;
  last: boolean;
  codes: readonly string[];
  open: Open;
  setOpen: (open: Open) => void;
  onChanged: (text: string) => void;
  onRefused: (text: string) => void;
}) {
  const { pkg, codes, open, setOpen, onChanged, onRefused } = props;
  const confirm = useConfirm<"archive">();
  const [busy, setBusy] = useState(false);
  const headingId = `package-${pkg.id}-title`;

  async function act(path: string, body: unknown, done: string) {
    setBusy(true);
    const result = await consoleWrite("POST", `/packages/${pkg.id}${path}`, body);
    setBusy(false);
    confirm.done();
    if (result.ok) onChanged(done);
    else onRefused(result.detail);
  }

  if (open?.form === "package" && open.id === pkg.id) return <PackageForm pkg={pkg} codes={codes} onSaved={onChanged} onCancel={() => setOpen(null)} />;
  return (
    <article aria-labelledby={headingId}>
      <div className="console-packages__head">
        <h4 id={headingId} className="console-packages__title">
          {pkg.title}
          {pkg.customLabel ? <span className="console-packages__label"> {pkg.customLabel}</span> : null}
        </h4>
        <p className="console-packages__holders">{holdersText(pkg.holders)}</p>
      </div>
      {confirm.asking ? (
        <ConfirmPanel confirm={confirm} title={`Archive ${pkg.title}?`} yes="Yes, archive" busy={busy} onYes={() => void act("/archive", { version: pkg.version }, `Archived ${pkg.title}: it is off sale.`)}>
          It leaves the Subscriptions tab and checkout at once. Its {holdersText(pkg.holders)} keep their access and their subscriptions.
        </ConfirmPanel>
      ) : (
        <div className="console-packages__actions">
          <button type="button" className="console__button" disabled={props.first || busy} onClick={() => void act("/move", { direction: "up", version: pkg.version }, `Moved ${pkg.title} up.`)} aria-label={`Move up ${pkg.title}`}>
            Move up
          </button>
          <button type="button" className="console__button" disabled={props.last || busy} onClick={() => void act("/move", { direction: "down", version: pkg.version }, `Moved ${pkg.title} down.`)} aria-label={`Move down ${pkg.title}`}>
            Move down
          </button>
          <button type="button" className="console__button" onClick={() => setOpen({ form: "package", id: pkg.id })} aria-label={`Edit ${pkg.title}`}>
            Edit
          </button>
          <button type="button" className="console__button" ref={confirm.button("archive")} onClick={() => confirm.ask("archive")} aria-label={`Archive ${pkg.title}`}>
            Archive
          </button>
        </div>
      )}
      <ul className="console-packages__prices" aria-label={`Prices of ${pkg.title}`}>
        {pkg.prices.map((price) => (
          <li key={price.id}>
            {open?.form === "price" && open.priceId === price.id ? (
              <PriceForm pkg={pkg} price={price} codes={codes} onSaved={onChanged} onCancel={() => setOpen(null)} />
            ) : (
              <PriceRow pkg={pkg} price={price} onEdit={() => setOpen({ form: "price", id: pkg.id, priceId: price.id })} onChanged={onChanged} onRefused={onRefused} />
            )}
          </li>
        ))}
      </ul>
      {open?.form === "price" && open.id === pkg.id && open.priceId === null ? (
        <PriceForm pkg={pkg} codes={codes} onSaved={onChanged} onCancel={() => setOpen(null)} />
      ) : (
        <button type="button" className="console__button" onClick={() => setOpen({ form: "price", id: pkg.id, priceId: null })} aria-label={`Add a price to ${pkg.title}`}>
          Add a price
        </button>
      )}
    </article>
  );
}

function PriceRow({ pkg, price, onEdit, onChanged, onRefused }: { pkg: ConsolePackage; price: ConsolePrice; onEdit: () => void; onChanged: (text: string) => void; onRefused: (text: string) => void }) {
  const confirm = useConfirm<"archive">();
  const [busy, setBusy] = useState(false);
  const name = `the ${price.priceDisplay} price of ${pkg.title}`;

  async function archive() {
    setBusy(true);
    const result = await consoleWrite("POST", `/packages/${pkg.id}/prices/${price.id}/archive`, { version: pkg.version });
    setBusy(false);
    confirm.done();
    if (result.ok) onChanged(`Archived ${name}.`);
    else onRefused(result.detail);
  }

  return (
    <div className="console-packages__price" data-price={price.id}>
      <p className="console-packages__amount">
        <strong>{price.priceDisplay}</strong>
        {/* A recurring price's text already names its period. */}
        {price.kind === "one-off" ? <span className="console-packages__kind"> {PRICE_KINDS["one-off"].label}</span> : null}
        {price.offer ? <span className="console-packages__offer"> · {price.offer}</span> : null}
      </p>
      <p className="console-packages__gives">
        Gives {price.entitlements.join(", ")} · {holdersText(price.holders)}
      </p>
      {confirm.asking ? (
        <ConfirmPanel confirm={confirm} title={`Archive ${name}?`} yes="Yes, archive" busy={busy} onYes={() => void archive()}>
          It leaves the card and checkout at once; its {holdersText(price.holders)} keep paying and keep their access.
        </ConfirmPanel>
      ) : (
        <div className="console-packages__actions">
          <button type="button" className="console__button" onClick={onEdit} aria-label={`Edit ${name}`}>
            Edit
          </button>
          <button type="button" className="console__button" ref={confirm.button("archive")} onClick={() => confirm.ask("archive")} aria-label={`Archive ${name}`}>
            Archive
          </button>
        </div>
      )}
    </div>
  );
}
