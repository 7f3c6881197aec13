import "./console.css";
import "./console-accounts.css";
import { Form, Link, useLoaderData } from "react-router";
import type { accountsLoader } from "./console.loader";
import { ConsoleFrame } from "../../components/console/ConsoleFrame";
import { ConsoleTable } from "../../components/console/ConsoleTable";
import { AccountBadges } from "../../components/console/AccountBadges";
import { utcMinute } from "../../components/console/console-time";

/**
 * The console's Accounts section: find an account by e-mail (or its start), payment reference or
 * id. A GET form, so a search is a URL staff can share and the browser's back button returns to it.
 */
export default function ConsoleAccounts() {
  const { search, access } = useLoaderData<typeof accountsLoader>();
  const count = search.accounts.length;
  return (
    <ConsoleFrame access={access} title="Accounts">
      <section className="console__section" aria-labelledby="find-account">
        <h2 id="find-account" className="console__heading">Find an account</h2>
        <Form method="get" action="/admin/accounts" className="console-accounts__search" role="search">
          <label htmlFor="account-q">E-mail address, or account id, or a payment reference (cs_…, sub_…, pi_…, ch_…)</label>
          <div className="console-accounts__search-row">
            <input id="account-q" name="q" type="search" defaultValue={search.q} maxLength={200} autoComplete="off" spellCheck={false} />
            <button type="submit" className="console-accounts__button">Search</button>
          </div>
        </Form>
        {search.q === "" ? null : (
          <>
            <h3 className="console__subheading" id="results" aria-live="polite">
              {count === 0 ? `No account matches “${search.q}”` : `${count} ${count === 1 ? "account matches" : "accounts match"} “${search.q}”`}
            </h3>
            {count === 0 ? null : (
              <ConsoleTable
                labelledBy="results"
                columns={["E-mail", "Name", "Account id", "State", "Created"]}
                rows={search.accounts}
                row={(a) => (
                  <tr key={a.ssoID} data-account={a.ssoID}>
                    <th scope="row">
                      <Link to={`/admin/accounts/${encodeURIComponent(a.ssoID)}`}>{a.email}</Link>
                    </th>
                    <td>{a.displayName}</td>
                    <td className="console-accounts__id">{a.ssoID}</td>
                    <td>
                      <AccountBadges account={a} />
                    </td>
                    <td>{utcMinute(a.createdAt)}</td>
                  </tr>
                )}
              />
            )}
          </>
        )}
      </section>
    </ConsoleFrame>
  );
}
