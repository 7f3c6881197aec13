import { useLoaderData } from "react-router";
import type { contentPageLoader } from "./content.loader";
import { DocumentTitle } from "../../components/DocumentTitle";
import { contentPath } from "../paths";
import { useSiteOrigin } from "../../app/site-origin";
import { JsonLd } from "../../components/JsonLd";
import { breadcrumbList } from "../../structured-data/breadcrumb-list";
import { PageHead } from "../../components/PageHead";
import { ChildPageCard } from "../../components/ChildPageCard";

/**
 * Catch-all CMS page. Templates (spec §2 'Navigation'): Hub shows its children as a grid,
 * Landing opens with a big hero, Default is a plain article.
 */
export default function ContentPage() {
  const { page, bodyHtml, heroImageKey, heroPhoto, children } = useLoaderData<typeof contentPageLoader>();
  const template = page.pageTemplate;
  const sorted = [...children].sort((a, b) => a.pageOrder - b.pageOrder);
  const hasBody = bodyHtml.trim().length > 0;

  return (
    <div className={`content-page content-page--${template.toLowerCase()}`}>
      <DocumentTitle page={page.postTitle} imageKey={heroImageKey} photo={heroPhoto} />
      <JsonLd data={breadcrumbList(useSiteOrigin(), [{ name: page.postTitle, path: contentPath(page.fullPath) }])} />
      <PageHead title={page.postTitle} imageKey={heroImageKey} photo={heroPhoto} size={template === "Landing" ? "large" : heroImageKey ? "regular" : "compact"} />
      {hasBody ? (
        <section className={`page-section content-page__body${template === "Hub" ? " content-page__body--intro" : ""}`}>
          {/* bodyHtml is sanitised by the server before it reaches the page. */}
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: bodyHtml }} />
        </section>
      ) : null}
      {sorted.length > 0 ? (
        <section className={`page-section${template === "Hub" ? " page-section--tinted" : ""}`} aria-label={`${page.postTitle} pages`}>
          {template !== "Hub" ? (
            <div className="page-section__head">
              <h2 className="page-section__title">More in {page.postTitle}</h2>
            </div>
          ) : null}
          <div className={`child-grid child-grid--${template.toLowerCase()}`}>
            {sorted.map((child) => (
              <ChildPageCard key={child.postID} page={child} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}
