import { visibleVideoSql } from "../../src/domain/video-publication";

/** D1's clock as an ISO string of the shape the publication columns hold ('…T18:00:00.000Z'). */
const D1_NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/**
 * The catalogue as the public sees it now (src/domain/video-publication.ts): every public read
 * (lists, home rails, search, sitemap, a video's page, the playback gate and each playlist through
 * it) selects `FROM ${PUBLIC_VIDEOS} v`, so a draft, embargoed or expired video is in none of them.
 * SQLite flattens the subquery: the catalogue's indexes still serve the outer query.
 */
export const PUBLIC_VIDEOS = `(SELECT * FROM videos WHERE ${visibleVideoSql("videos", D1_NOW)})`;
