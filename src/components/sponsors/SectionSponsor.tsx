import { useRouteLoaderData } from "react-router";
import { sectionSponsorFor } from "../../domain/section-sponsor";
import type { rootLoader } from "../../layouts/root.loader";
import { useAppState } from "../../state/store";
import { Picture } from "../Picture";
import { safeLink } from "../../domain/link-rule";

/**
 * The sponsor of one section of the site (spec §3 'Section sponsor slot'), e.g. 'Fixtures
 * presented by Calder Motors' under the matches page's heading. The slots come with the root
 * loader's shell, so the server renders it and it costs no request; sectionSponsorFor picks the
 * active web slot the viewer's child-friendly mode allows, or nothing.
 */
export function SectionSponsor({ section }: { section: string }) {
  const { state } = useAppState();
  const slots = useRouteLoaderData<typeof rootLoader>("root")?.sectionSponsors ?? [];
  const slot = sectionSponsorFor(slots, section, state.childFriendly);
  if (!slot) return null;
  const href = safeLink("site-path-or-https", slot.sponsor.url);
  const logo = <Picture imageKey={slot.sponsor.imageKey} w={160} h={64} alt={href ? `${slot.sponsor.title} (opens in a new tab)` : slot.sponsor.title} />;
  return (
    <aside className="section-sponsor" aria-label="Section sponsor" data-section={section}>
      <p className="section-sponsor__label">{slot.name}</p>
      {/* a stored link that breaks the link rule (src/domain/link-rule.ts) leaves the logo unlinked */}
      {href ? (
        <a className="section-sponsor__link" href={href} target="_blank" rel="noopener noreferrer sponsored">
          {logo}
        </a>
      ) : (
        logo
      )}
    </aside>
  );
}
