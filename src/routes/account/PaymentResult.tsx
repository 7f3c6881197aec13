import "./payment-result.css";
import { useLoaderData } from "react-router";
import type { paymentPageLoader } from "../content/content.loader";
import { club } from "../../config/club";
import { DocumentTitle } from "../../components/DocumentTitle";
import Button from "../../components/Button";
import { sitePaths } from "../paths";

/** The return pages after checkout (payment-successful / payment-cancelled), written in the CMS. */
export default function PaymentResult() {
  const { page, bodyHtml } = useLoaderData<typeof paymentPageLoader>();
  const cancelled = /cancel/i.test(page.pageSlug) || /cancel/i.test(page.fullPath);
  return (
    <div className={`payment-result payment-result--${cancelled ? "cancelled" : "success"}`}>
      <DocumentTitle page={page.postTitle} />
      <section className="payment-result__panel">
        <div className="payment-result__card">
          <span className="payment-result__icon" aria-hidden="true">{cancelled ? "×" : "✓"}</span>
          <h1 className="payment-result__title">{page.postTitle}</h1>
          {/* bodyHtml is sanitised by the server before it reaches the page. */}
          <div className="payment-result__body rich-text" dangerouslySetInnerHTML={{ __html: bodyHtml }} />
          <div className="payment-result__actions">
            {cancelled ? (
              <>
                <Button type="primary-dark" href={sitePaths.subscriptions} text="Back to Packages" />
                <Button type="ghost-dark" href={sitePaths.videos} text={`Go to ${club.tvName}`} />
              </>
            ) : (
              <>
                <Button type="primary-dark" href={sitePaths.videos} text="Start Watching" />
                <Button type="ghost-dark" href="/" text="Back to Home" />
              </>
            )}
          </div>
        </div>
      </section>
    </div>
  );
}
