import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { DocumentTitle } from "../DocumentTitle";
import type { Capability } from "../../domain/staff-roles";
import type { ConsoleAccess } from "../../schemas/console-staff";

/**
 * The console's sections, in the order of its navigation, each with the capability that opens it
 * (src/domain/staff-roles.ts; the worker checks the same one on the section's read). Each is a
 * route of its own under /admin (src/routes/console/routes.ts), with its own loader and its own
 * read, so a section loads only its data.
 */
export const CONSOLE_SECTIONS: readonly { path: string; label: string; capability: Capability }[] = [
  { path: "/admin", label: "Live now", capability: "live.view" },
  { path: "/admin/revenue", label: "Subscriptions and revenue", capability: "revenue.view" },
  { path: "/admin/accounts", label: "Accounts", capability: "accounts.view" },
  { path: "/admin/webhooks", label: "Webhook health", capability: "webhooks.view" },
  { path: "/admin/content", label: "Content", capability: "content.view" },
  { path: "/admin/audit", label: "Audit log", capability: "audit.view" },
  { path: "/admin/staff", label: "Staff", capability: "staff.manage" },
];

/**
 * Every console page: its title, the sections' navigation (the current one marked; only the
 * sections the viewer's roles open) and the page.
 */
export function ConsoleFrame({ access, title, status, children }: { access: ConsoleAccess; title: string; status?: ReactNode; children: ReactNode }) {
  return (
    <div className="console">
      <DocumentTitle page={`${title} · Club console`} noIndex />
      <header className="console__head">
        <h1 className="console__title">Club console</h1>
        {status ? <p className="console__updated">{status}</p> : null}
      </header>
      <nav className="console__nav" aria-label="Console sections">
        <ul>
          {CONSOLE_SECTIONS.filter((s) => access.capabilities.includes(s.capability)).map((s) => (
            <li key={s.path}>
              <NavLink to={s.path} end={s.path === "/admin"} className="console__nav-link">
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}
