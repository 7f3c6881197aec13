import { TitledTable } from "../ConsoleTable";
import { utcMinute } from "../console-time";
import { consoleWrite } from "../console-write";
import { ConfirmedAction } from "./ConfirmedAction";
import type { AccountDetail } from "../../../schemas/console-accounts";

/** The account's grants by supporter care, newest first; a running or coming one can be ended now (confirmed). */
export function GrantsTable({ ssoID, grants, canWrite, onChanged }: { ssoID: string; grants: AccountDetail["grants"]; canWrite: boolean; onChanged: () => Promise<void> }) {
  return (
    <TitledTable
      id="grants"
      title="Complimentary access"
      empty="None granted."
      columns={["Entitlement", "From", "Until", "Reason", "By", canWrite ? "End" : "State"]}
      rows={grants}
      row={(g) => (
        <tr key={g.id} data-grant={g.id}>
          <th scope="row">{g.entitlement}</th>
          <td>{utcMinute(g.startsAt)}</td>
          <td>{utcMinute(g.endsAt)}</td>
          <td className="care__reason">{g.reason}</td>
          <td className="console-accounts__id">{g.grantedBy}</td>
          <td>
            {g.active && canWrite ? (
              <ConfirmedAction
                label="End now"
                name={`End ${g.entitlement} now`}
                title={`End complimentary ${g.entitlement} now?`}
                consequence="The supporter loses this access at their next request, and a live stream it opened stops."
                yes="Yes, end it"
                dataAction="end-grant"
                run={() => consoleWrite("POST", `/accounts/${encodeURIComponent(ssoID)}/grants/${g.id}/end`)}
                onDone={onChanged}
              />
            ) : g.revokedAt ? (
              `Ended ${utcMinute(g.revokedAt)}`
            ) : g.active ? (
              "Running"
            ) : (
              "Over"
            )}
          </td>
        </tr>
      )}
    />
  );
}
