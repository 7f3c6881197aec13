import "./console.css";
import "./console-content.css";
import "./console-accounts.css";
import "./console-vouchers.css";
import { useState } from "react";
import { Link, useLoaderData, useLocation, useRevalidator } from "react-router";
import type { voucherBatchLoader } from "./console-vouchers.loader";
import { ConsoleFrame } from "../../components/console/ConsoleFrame";
import { ConsoleTable } from "../../components/console/ConsoleTable";
import { ConfirmPanel, useConfirm } from "../../components/console/Confirm";
import { consoleWrite } from "../../components/console/console-write";
import { utcMinute } from "../../components/console/console-time";
import { grantsText, lastRedeemDay } from "../../domain/vouchers";
import type { VoucherCodeView } from "../../schemas/console-vouchers";
import { ConsoleStatus, type ConsoleMessage } from "../../components/console/ConsoleStatus";

const STATUS_LABELS: Record<VoucherCodeView["status"], string> = { unused: "Unused", redeemed: "Redeemed", revoked: "Revoked", expired: "Expired" };

/** The `created` count the list's form sends along when it opens a batch it has just made. */
function createdCount(state: unknown): number | null {
  return typeof state === "object" && state !== null && typeof (state as { created?: unknown }).created === "number" ? (state as { created: number }).created : null;
}

/**
 * One voucher batch: what it grants, its dates and counts, its codes (unused, or redeemed by whom
 * and when), a CSV download of them, and Revoke for its unused codes, confirmed on the page.
 */
export default function ConsoleVoucherBatch() {
  const { batch, codes, grantable, access } = useLoaderData<typeof voucherBatchLoader>();
  const created = createdCount(useLocation().state);
  const [message, setMessage] = useState<ConsoleMessage>(created === null ? null : { kind: "done", text: `Issued ${created} ${created === 1 ? "code" : "codes"}.` });
  const unused = codes.filter((c) => c.status === "unused").length;

  return (
    <ConsoleFrame access={access} title={`Vouchers: ${batch.name}`}>
      <section className="console__section" aria-labelledby="batch-heading">
        <p className="console__back">
          <Link to="/admin/vouchers">All voucher batches</Link>
        </p>
        <h2 id="batch-heading" className="console__heading">
          {batch.name}
        </h2>
        <ConsoleStatus message={message} />
        <dl className="console__facts">
          <div>
            <dt>Grants</dt>
            <dd>{grantsText(batch.entitlements, grantable)}</dd>
          </div>
          <div>
            <dt>Access</dt>
            <dd>
              {batch.periodDays} {batch.periodDays === 1 ? "day" : "days"} from redemption
            </dd>
          </div>
          <div>
            <dt>Redeem by</dt>
            <dd>{lastRedeemDay(batch.redeemBy)} (London time)</dd>
          </div>
          <div>
            <dt>Codes</dt>
            <dd data-counts>
              {batch.issued} issued, {batch.redeemed} redeemed
            </dd>
          </div>
          <div>
            <dt>Issued</dt>
            <dd>{utcMinute(batch.createdAt)}</dd>
          </div>
          {batch.revokedAt ? (
            <div>
              <dt>Revoked</dt>
              <dd>{utcMinute(batch.revokedAt)}</dd>
            </div>
          ) : null}
        </dl>
        <div className="vouchers__actions">
          <a className="console__button" href={`/api/console/vouchers/${batch.id}/codes.csv`} download={`vouchers-${batch.id}.csv`} data-action="csv">
            Download the codes (CSV)
          </a>
          {batch.revokedAt === null && unused > 0 ? <RevokeBatch id={batch.id} unused={unused} onDone={setMessage} /> : null}
        </div>
        <h3 className="console__subheading" id="batch-codes">
          Codes
        </h3>
        <ConsoleTable
          labelledBy="batch-codes"
          className="vouchers__table"
          columns={["Code", "State", "Redeemed by", "Redeemed at"]}
          rows={codes}
          row={(c) => (
            <tr key={c.code} data-code={c.code} data-status={c.status}>
              <th scope="row" className="vouchers__code-text">
                {c.code}
              </th>
              <td>{STATUS_LABELS[c.status]}</td>
              <td>{c.redeemedBySsoID ? <Link to={`/admin/accounts/${encodeURIComponent(c.redeemedBySsoID)}`}>{c.redeemedBy}</Link> : (c.redeemedBy ?? "")}</td>
              <td>{c.redeemedAt ? utcMinute(c.redeemedAt) : ""}</td>
            </tr>
          )}
        />
      </section>
    </ConsoleFrame>
  );
}

/** Revoke the unused codes, after the page asks; what was redeemed stays, and the question says so. */
function RevokeBatch({ id, unused, onDone }: { id: number; unused: number; onDone: (m: { kind: "done" | "error"; text: string }) => void }) {
  const confirm = useConfirm<"revoke">();
  const [busy, setBusy] = useState(false);
  const { revalidate } = useRevalidator();

  async function revoke() {
    setBusy(true);
    const result = await consoleWrite("POST", `/vouchers/${id}/revoke`);
    setBusy(false);
    confirm.done();
    onDone(result.ok ? { kind: "done", text: `Revoked ${unused} unused ${unused === 1 ? "code" : "codes"}. Access already redeemed stays.` } : { kind: "error", text: result.detail });
    await revalidate();
  }

  if (confirm.asking) {
    return (
      <ConfirmPanel confirm={confirm} title={`Revoke the ${unused} unused ${unused === 1 ? "code" : "codes"}?`} yes="Yes, revoke" busy={busy} onYes={() => void revoke()}>
        Nobody can redeem them from now on. Supporters who have already redeemed a code of this batch keep their access until it ends.
      </ConfirmPanel>
    );
  }
  return (
    <>
      <button type="button" className="console__button" data-action="revoke" ref={confirm.button("revoke")} onClick={() => confirm.ask("revoke")}>
        Revoke unused codes
      </button>
      <p className="console__note vouchers__revoke-note">Revoking stops the {unused} unused codes; access already redeemed stays until it ends.</p>
    </>
  );
}
