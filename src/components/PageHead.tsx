import type { ReactNode } from "react";
import { ContentPicture } from "./ContentPicture";
import type { MediaPhoto } from "./MediaPicture";

/**
 * The dark masthead every page opens with. The header is transparent-dark by default (spec §2 'Header'),
 * so the masthead reaches under it and keeps the navigation readable.
 */
export function PageHead({
  title,
  eyebrow,
  lead,
  imageKey,
  photo,
  size = "regular",
  children,
}: {
  title: ReactNode;
  eyebrow?: ReactNode;
  lead?: ReactNode;
  imageKey?: string | null;
  /** the library photo `imageKey` names, if it does */
  photo?: MediaPhoto | null;
  size?: "regular" | "large" | "compact";
  children?: ReactNode;
}) {
  return (
    <header className={`page-head page-head--${size}${imageKey ? " page-head--image" : ""}`}>
      {imageKey ? (
        <div className="page-head__media" aria-hidden="true">
          <ContentPicture imageKey={imageKey} photo={photo} w={1600} h={900} sizes="100vw" alt="" loading="eager" fetchPriority="high" />
        </div>
      ) : null}
      <div className="page-head__inner">
        {eyebrow ? <p className="page-head__eyebrow">{eyebrow}</p> : null}
        <h1 className="page-head__title">{title}</h1>
        {lead ? <p className="page-head__lead">{lead}</p> : null}
        {children ? <div className="page-head__extra">{children}</div> : null}
      </div>
    </header>
  );
}
