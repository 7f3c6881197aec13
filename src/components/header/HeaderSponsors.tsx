import type { HeaderSponsor } from "../../schemas/shell";
import { filterHeaderSponsors } from "../../domain/child-friendly";
import { Picture } from "../Picture";

/** The header's partner logos (spec §3 'Header sponsor'), child-friendly filtered. */
export default function HeaderSponsors({ sponsors, childFriendly }: { sponsors: readonly HeaderSponsor[]; childFriendly: boolean }) {
  const shown = filterHeaderSponsors(sponsors, childFriendly);
  if (shown.length === 0) return null;
  return (
    <ul className="header-sponsors" aria-label="Club partners">
      {shown.map((sponsor) => (
        <li key={sponsor.name}>
          <a href={sponsor.sponsorUrl} target="_blank" rel="noopener noreferrer sponsored" title={sponsor.name}>
            <Picture imageKey={sponsor.imageKey} w={200} h={44} alt={sponsor.name} loading="eager" />
          </a>
        </li>
      ))}
    </ul>
  );
}
