import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { DocumentTitle } from "../DocumentTitle";

/**
 * The console's sections, in the order of its navigation. Each is a route of its own under /admin
 * (src/routes/routes.tsx), with its own loader and its own read, so a section loads only its data.
 */
export const CONSOLE_SECTIONS = [
  { path: "/admin", label: "Live now" },
  { path: "/admin/revenue", label: "Subscriptions and revenue" },
  { path: "/admin/accounts", label: "Accounts" },
  { path: "/admin/webhooks", label: "Webhook health" },
  { path: "/admin/content", label: "Content" },
  { path: "/admin/audit", label: "Audit log" },
] as const;

/** Every console page: its title, the sections' navigation (the current one marked) and the page. */
export function ConsoleFrame({ title, status, children }: { title: string; status?: ReactNode; children: ReactNode }) {
  return (
    <div className="console">
      <DocumentTitle page={`${title} · Club console`} noIndex />
      <header className="console__head">
        <h1 className="console__title">Club console</h1>
        {status ? <p className="console__updated">{status}</p> : null}
      </header>
      <nav className="console__nav" aria-label="Console sections">
        <ul>
          {CONSOLE_SECTIONS.map((s) => (
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
