import "./videos.css";
import { useLoaderData } from "react-router";
import type { faqsLoader } from "./videos.loader";
import { club } from "../../config/club";
import { DocumentTitle } from "../../components/DocumentTitle";
import { PageHead } from "../../components/PageHead";
import { TvNav } from "../../components/video/TvNav";
import Button from "../../components/Button";
import { FaqItem } from "../../components/video/FaqItem";
import { sitePaths } from "../paths";

export default function VideoFaqs() {
  const { groups } = useLoaderData<typeof faqsLoader>();
  return (
    <div className="tv tv--faqs">
      <DocumentTitle page={`FAQs | ${club.tvName}`} />
      <PageHead title="Frequently Asked Questions" eyebrow={club.tvName} size="compact" />
      <TvNav />
      <section className="page-section faqs">
        {groups.length > 1 ? (
          <nav className="faqs__toc" aria-label="FAQ topics">
            <h2 className="faqs__toc-title">Topics</h2>
            <ul>
              {groups.map((g) => (
                <li key={g.id}>
                  <a href={`#faq-${g.id}`}>{g.title}</a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <div className="faqs__groups">
          {groups.map((group) => (
            <section className="faq-group" key={group.id} id={`faq-${group.id}`} aria-labelledby={`faq-${group.id}-title`}>
              <h2 className="faq-group__title" id={`faq-${group.id}-title`}>{group.title}</h2>
              {group.questions.map((q, i) => (
                <FaqItem key={i} heading={q.heading} bodyHtml={q.bodyHtml} />
              ))}
            </section>
          ))}
          <div className="faqs__more">
            <h2>Still need help?</h2>
            <p>Compare the {club.tvName} packages or get in touch with the club.</p>
            <div className="faqs__more-actions">
              <Button type="primary-light" href={sitePaths.subscriptions} text="View Packages" />
              <Button type="ghost-light" href={sitePaths.contactUs} text="Contact Us" />
            </div>
          </div>
        </div>
      </section>
    </div>
  );
}
