import type { ReactNode } from "react";
import { NavLink, useMatches } from "react-router";
import { DocumentTitle } from "../DocumentTitle";
import { isPageHandle } from "../../layouts/page-handle";
import type { ConsoleAccess } from "../../schemas/console-staff";

/** The console's sections, as its routes declare them (src/routes/console/routes.ts): every console route's handle carries them. */
function useConsoleSections() {
  const handle: unknown = useMatches().at(-1)?.handle;
  return (isPageHandle(handle) && handle.consoleSections) || [];
}

/**
 * Every console page: its title, the sections' navigation (the current one marked; only the
 * sections the viewer's roles open) and the page.
 */
export function ConsoleFrame({ access, title, status, children }: { access: ConsoleAccess; title: string; status?: ReactNode; children: ReactNode }) {
  const sections = useConsoleSections();
  return (
    <div className="console">
      <DocumentTitle page={`${title} · Club console`} noIndex />
      <header className="console__head">
        <h1 className="console__title">Club console</h1>
        {status ? <p className="console__updated">{status}</p> : null}
      </header>
      <nav className="console__nav" aria-label="Console sections">
        <ul>
          {sections.filter((s) => access.capabilities.includes(s.capability)).map((s) => (
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
