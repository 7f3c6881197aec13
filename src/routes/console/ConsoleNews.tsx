import "./console.css";
import "./console-accounts.css";
import { Form, Link, useLoaderData } from "react-router";
import type { newsLoader } from "./console.loader";
import { ConsoleFrame } from "../../components/console/ConsoleFrame";
import { ConsoleTable } from "../../components/console/ConsoleTable";
import { utcMinute } from "../../components/console/console-time";
import { ARTICLE_STATUSES } from "../../domain/article-state";

/** The list's address for a search, a state and a page (a cursor and the first row's number). */
const listHref = (q: string, state: string | null, page?: { after?: string; before?: string; from: number }) => {
  const search = new URLSearchParams();
  if (q !== "") search.set("q", q);
  if (state) search.set("state", state);
  if (page?.after) search.set("after", page.after);
  if (page?.before) search.set("before", page.before);
  if (page && page.from > 1) search.set("from", String(page.from));
  const query = search.toString();
  return query === "" ? "/admin/news" : `/admin/news?${query}`;
};

const STATUS_LABELS = { draft: "Draft", scheduled: "Scheduled", published: "Published", unpublished: "Unpublished" } as const;

/**
 * The console's News section: every article, drafts and scheduled ones included, the latest first,
 * found by a word of its title. A GET form, so a search is a URL staff can share; each title opens
 * the article's editor, and a published one links to the page supporters see.
 */
export default function ConsoleNews() {
  const { news, access } = useLoaderData<typeof newsLoader>();
  const { q, state, from, pageSize, total, articles, newer, older } = news;
  const first = from;
  const last = from + articles.length - 1;
  const summary =
    total === 0
      ? q === ""
        ? state
          ? `No ${STATUS_LABELS[state].toLowerCase()} articles`
          : "No articles yet"
        : `No article title contains “${q}”`
      : `Articles ${first} to ${last} of ${total}${state ? ` (${STATUS_LABELS[state]})` : ""}${q === "" ? "" : ` with “${q}” in the title`}`;
  return (
    <ConsoleFrame access={access} title="News">
      <section className="console__section" aria-labelledby="news-list">
        <h2 id="news-list" className="console__heading">News</h2>
        {access.capabilities.includes("content.edit") ? (
          <p>
            <Link to="/admin/news/new" className="console-accounts__button">Write an article</Link>
          </p>
        ) : null}
        <Form method="get" action="/admin/news" className="console-accounts__search" role="search">
          <label htmlFor="news-q">Words in the title</label>
          <div className="console-accounts__search-row">
            <input id="news-q" name="q" type="search" defaultValue={q} maxLength={200} autoComplete="off" />
            <label htmlFor="news-state">State</label>
            <select id="news-state" name="state" defaultValue={state ?? ""}>
              <option value="">Any state</option>
              {ARTICLE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </select>
            <button type="submit" className="console-accounts__button">Search</button>
          </div>
        </Form>
        <h3 className="console__subheading" id="news-results" aria-live="polite">
          {summary}
        </h3>
        {articles.length === 0 ? null : (
          <ConsoleTable
            labelledBy="news-results"
            columns={["Title", "State", "Author", "Published or due", "Categories"]}
            rows={articles}
            row={(a) => (
              <tr key={a.id} data-article={a.slug}>
                <th scope="row">
                  <Link to={`/admin/news/${a.id}`}>{a.title}</Link>
                  {a.status === "published" ? (
                    <>
                      {" "}
                      <Link to={`/news/${a.slug}`} reloadDocument aria-label={`${a.title} on the site`}>
                        (on the site)
                      </Link>
                    </>
                  ) : null}
                </th>
                <td>
                  {STATUS_LABELS[a.status]}
                  {a.pending ? ", edits not live" : ""}
                </td>
                <td>{a.author}</td>
                <td>{a.publishAt ? utcMinute(a.publishAt) : a.publishedAt ? utcMinute(a.publishedAt) : "—"}</td>
                <td>{a.categories}</td>
              </tr>
            )}
          />
        )}
        {newer || older ? (
          <nav className="console__pages" aria-label="News pages">
            {newer ? <Link to={listHref(q, state, { before: newer, from: Math.max(1, from - pageSize) })}>Newer articles</Link> : null}
            {older ? <Link to={listHref(q, state, { after: older, from: from + articles.length })}>Older articles</Link> : null}
          </nav>
        ) : null}
      </section>
    </ConsoleFrame>
  );
}
