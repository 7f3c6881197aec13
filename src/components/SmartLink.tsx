import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";

export interface SmartLinkProps {
  href: string;
  /** external links open in a new tab when true (spec: ticket, shop and CMS links with newTab) */
  newTab?: boolean;
  className?: string;
  children: ReactNode;
  /** highlight the link of the current section (aria-current) */
  nav?: boolean;
  onClick?: () => void;
}

/** A router link for internal paths ('/…'), a plain anchor for everything else. */
export default function SmartLink({ href, newTab, className, children, nav, onClick }: SmartLinkProps) {
  if (href.startsWith("/")) {
    if (nav) {
      return (
        <NavLink to={href} className={className} onClick={onClick}>
          {children}
        </NavLink>
      );
    }
    return (
      <Link to={href} className={className} onClick={onClick}>
        {children}
      </Link>
    );
  }
  return (
    <a
      href={href}
      className={className}
      target={newTab ? "_blank" : undefined}
      rel={newTab ? "noopener noreferrer" : undefined}
      onClick={onClick}
    >
      {children}
      {newTab ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
    </a>
  );
}
