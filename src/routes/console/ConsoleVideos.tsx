import "./console.css";
import "./console-accounts.css";
import "./console-videos.css";
import { Form, Link, useLoaderData } from "react-router";
import type { videosLoader } from "./console.loader";
import { ConsoleFrame } from "../../components/console/ConsoleFrame";
import { ConsoleTable, numeric } from "../../components/console/ConsoleTable";
import { CONSOLE_VIDEO_STATUSES } from "../../domain/video-publication";
import { NO_TRANSCODER_TEXT } from "../../domain/transcode-wait";
import { STATUS_LABELS, costText, lengthText, minutesText, sizeText } from "../../components/console/video-figures";

const listHref = (q: string, status: string | null, page: number) => {
  const search = new URLSearchParams();
  if (q !== "") search.set("q", q);
  if (status) search.set("status", status);
  if (page > 0) search.set("page", String(page + 1));
  const query = search.toString();
  return query === "" ? "/admin/videos" : `/admin/videos?${query}`;
};

/**
 * The console's Rovers TV section: every catalogue video, drafts included, newest first, found by
 * a word of its title and narrowed to a status; each with its renditions, size, plays, minutes
 * watched and a cost estimate. A GET form, so a search is a URL staff can share.
 */
export default function ConsoleVideos() {
  const { list, access, transcoderRunning } = useLoaderData<typeof videosLoader>();
  const { q, status, page, pageSize, total, videos } = list;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const summary =
    total === 0
      ? q === "" && !status
        ? "No videos yet"
        : `No video${status ? ` ${STATUS_LABELS[status].toLowerCase()}` : ""}${q === "" ? "" : ` with “${q}” in the title`}`
      : `Videos ${page * pageSize + 1} to ${page * pageSize + videos.length} of ${total}${status ? ` (${STATUS_LABELS[status]})` : ""}${q === "" ? "" : ` with “${q}” in the title`}`;
  return (
    <ConsoleFrame access={access} title="Rovers TV">
      <section className="console__section" aria-labelledby="videos-heading">
        <h2 id="videos-heading" className="console__heading">Rovers TV</h2>
        {transcoderRunning ? null : (
          <p className="video-job__notice" role="note">
            {NO_TRANSCODER_TEXT}
          </p>
        )}
        <p className="console-videos__new">
          <Link to="/admin/videos/new" className="console-accounts__button">Upload a video</Link>
        </p>
        <Form method="get" action="/admin/videos" className="console-accounts__search" role="search">
          <label htmlFor="videos-q">Words in the title</label>
          <div className="console-accounts__search-row">
            <input id="videos-q" name="q" type="search" defaultValue={q} maxLength={200} autoComplete="off" />
            <span className="console-videos__status">
              <label htmlFor="videos-status">Status</label>
              <select id="videos-status" name="status" defaultValue={status ?? ""}>
                <option value="">Any status</option>
                {CONSOLE_VIDEO_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            </span>
            <button type="submit" className="console-accounts__button">Search</button>
          </div>
        </Form>
        <h3 className="console__subheading" id="videos-results" aria-live="polite">
          {summary}
        </h3>
        {videos.length === 0 ? null : (
          <ConsoleTable
            labelledBy="videos-results"
            className="console-videos__table"
            columns={["Title", "Status", "Renditions", numeric("Length"), numeric("Size"), numeric("Plays"), numeric("Watched"), "Cost (estimate)"]}
            rows={videos}
            row={(v) => (
              <tr key={v.entryId} data-video={v.entryId}>
                <th scope="row">
                  <Link to={`/admin/videos/${v.entryId}`}>{v.title}</Link>
                </th>
                <td data-status={v.status}>{STATUS_LABELS[v.status]}</td>
                <td>{v.renditions.length > 0 ? v.renditions.join(", ") : "—"}</td>
                <td className="console__num">{lengthText(v.durationSeconds)}</td>
                <td className="console__num">{sizeText(v.bytes)}</td>
                <td className="console__num">{v.plays}</td>
                <td className="console__num">{minutesText(v.secondsWatched)}</td>
                <td>{costText(v)}</td>
              </tr>
            )}
          />
        )}
        {pages > 1 ? (
          <nav className="console__pages" aria-label="Pages of videos">
            {page > 0 ? <Link to={listHref(q, status, page - 1)}>Newer</Link> : null}
            <span>
              Page {page + 1} of {pages}
            </span>
            {page + 1 < pages ? <Link to={listHref(q, status, page + 1)}>Older</Link> : null}
          </nav>
        ) : null}
      </section>
    </ConsoleFrame>
  );
}
