import type { SponsorRow } from "../../schemas/shell";
import { filterSponsorRows } from "../../domain/child-friendly";
import { Picture } from "../Picture";
import { safeLink } from "../../domain/link-rule";

/** Logo box sizes per row size; the image service draws the wordmark to fit. */
const logoSize = { large: { w: 280, h: 120 }, small: { w: 180, h: 80 } } as const;

/**
 * The footer's sponsor rows (spec §3 'Sponsor row'): large first, then the small rows,
 * each in forced order, child-friendly filtered, at most 1440 px wide.
 */
export default function SponsorRows({ rows, childFriendly }: { rows: readonly SponsorRow[]; childFriendly: boolean }) {
  const shown = filterSponsorRows(rows, childFriendly).sort((a, b) => a.forcedOrder - b.forcedOrder);
  if (shown.length === 0) return null;
  return (
    <section className="sponsors" aria-label="Our partners">
      <div className="sponsors__inner">
        {shown.map((row) => {
          const size = logoSize[row.sponsorSize];
          const sponsors = [...row.sponsors].sort((a, b) => a.forcedOrder - b.forcedOrder);
          return (
            <div key={row.rowID} className={`sponsor-row sponsor-row--${row.sponsorSize}`}>
              {row.title ? <h2 className={`sponsor-row__title sponsor-row__title--${row.titleSize || "small"}`}>{row.title}</h2> : null}
              <ul className="sponsor-row__list">
                {sponsors.map((sponsor) => (
                  <li key={sponsor.sponsorID} className="sponsor-row__item">
                    {/* a stored link that breaks the link rule (src/domain/link-rule.ts) leaves the logo unlinked */}
                    {safeLink("site-path-or-https", sponsor.url) ? (
                      <a href={sponsor.url} target="_blank" rel="noopener noreferrer sponsored" className="sponsor-row__link" title={sponsor.title}>
                        <Picture imageKey={sponsor.imageKey} w={size.w} h={size.h} alt={sponsor.title} />
                      </a>
                    ) : (
                      <Picture imageKey={sponsor.imageKey} w={size.w} h={size.h} alt={sponsor.title} />
                    )}
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
    </section>
  );
}
