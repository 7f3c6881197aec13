import { Link } from "react-router";
import type { MenuPage } from "../schemas/shell";
import { contentPath } from "../routes/paths";
import { safeLink } from "../domain/link-rule";

/** A child page of a CMS page as a card; external entries leave the site (optionally in a new tab). */
export function ChildPageCard({ page }: { page: MenuPage }) {
  const body = (
    <>
      <span className="child-card__title">{page.postTitle}</span>
      <span className="child-card__more">
        {page.postType === "external" ? "Visit" : "Find out more"} <span aria-hidden="true">{page.postType === "external" ? "↗" : "→"}</span>
      </span>
    </>
  );
  const className = `child-card${page.customClass ? ` ${page.customClass}` : ""}`;
  // an external URL that breaks the link rule (src/domain/link-rule.ts) is not followed: the card opens its page
  const external = page.postType === "external" ? safeLink("https", page.externalUrl) : undefined;
  if (external) {
    return (
      <a className={className} href={external} {...(page.newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
        {body}
      </a>
    );
  }
  return (
    <Link className={className} to={contentPath(page.fullPath)}>
      {body}
    </Link>
  );
}
