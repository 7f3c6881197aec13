import type { ReactNode } from "react";

export const headingTags = ["h1", "h2", "h3", "h4", "h5", "h6", "span"] as const;
export type HeadingTag = (typeof headingTags)[number];
export const headingSizes = ["h1", "h2", "h3", "h4", "h5", "h6"] as const;
export type HeadingSize = (typeof headingSizes)[number];

export interface HeadingProps {
  /** the element (spec §2: h1 to h6 or span) */
  tag?: HeadingTag;
  /** the look, independent of the element so the outline stays correct */
  size?: HeadingSize;
  /** CMS heading HTML; the caller passes it sanitised (worker side, with xss) */
  html?: string;
  children?: ReactNode;
  className?: string;
  id?: string;
}

/** A display heading in the club's condensed uppercase style. */
export default function Heading({ tag = "h2", size, html, children, className, id }: HeadingProps) {
  const Tag = tag;
  const look = size ?? (tag === "span" ? "h4" : tag);
  const cls = `heading heading--${look}${className ? ` ${className}` : ""}`;
  if (html !== undefined) return <Tag id={id} className={cls} dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <Tag id={id} className={cls}>
      {children}
    </Tag>
  );
}
