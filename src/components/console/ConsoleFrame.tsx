import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { NavLink, useLocation, useMatches } from "react-router";
import { DocumentTitle } from "../DocumentTitle";
import { isPageHandle } from "../../layouts/page-handle";
import type { ConsoleAccess } from "../../schemas/console-staff";

/** The console's sections, as its routes declare them (src/routes/console/routes.ts): every console route's handle carries them. */
function useConsoleSections() {
  const handle: unknown = useMatches().at(-1)?.handle;
  return (isPageHandle(handle) && handle.consoleSections) || [];
}

/** The section a path belongs to: the longest section path it starts with (/admin itself only exactly). */
export function currentSection<T extends { path: string }>(sections: readonly T[], pathname: string): T | undefined {
  return sections
    .filter((s) => pathname === s.path || (s.path !== "/admin" && pathname.startsWith(`${s.path}/`)))
    .sort((a, b) => b.path.length - a.path.length)[0];
}

/**
 * The sections' navigation. Wide, a list of pills; narrow (console.css), a disclosure button,
 * 'Sections: {the current one}', that opens the same list (aria-expanded; Escape closes it and
 * gives the button its focus back; following a link closes it). Until the page has hydrated the
 * button cannot work, so the list stays open and wraps as pills.
 */
function ConsoleNav({ sections }: { sections: { path: string; label: string }[] }) {
  const { pathname } = useLocation();
  const [ready, setReady] = useState(false);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const current = currentSection(sections, pathname);
  useEffect(() => setReady(true), []);
  useEffect(() => setOpen(false), [pathname]);
  return (
    <nav
      className="console__nav"
      aria-label="Console sections"
      data-menu={ready ? (open ? "open" : "closed") : undefined}
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button ref={button} type="button" className="console__nav-toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
        Sections<span className="console__nav-current">: {current?.label ?? "choose one"}</span>
      </button>
      <ul id={listId}>
        {sections.map((s) => (
          <li key={s.path}>
            <NavLink to={s.path} end={s.path === "/admin"} className="console__nav-link">
              {s.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Every console page: its title, the sections' navigation (the current one marked; only the
 * sections the viewer's roles open) and the page.
 */
export function ConsoleFrame({ access, title, status, children }: { access: ConsoleAccess; title: string; status?: ReactNode; children: ReactNode }) {
  const sections = useConsoleSections().filter((s) => access.capabilities.includes(s.capability) || (s.alsoOpenedBy !== undefined && access.capabilities.includes(s.alsoOpenedBy)));
  return (
    <div className="console">
      <DocumentTitle page={`${title} · Club console`} noIndex />
      <header className="console__head">
        <h1 className="console__title">Club console</h1>
        {status ? <p className="console__updated">{status}</p> : null}
      </header>
      <ConsoleNav sections={sections} />
      {children}
    </div>
  );
}
