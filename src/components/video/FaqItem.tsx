/** One question of the FAQ (the TV FAQ page and the streamer's troubleshooting), opened in place. */
export function FaqItem({ heading, bodyHtml }: { heading: string; bodyHtml: string }) {
  return (
    <details className="faq">
      <summary className="faq__question">{heading}</summary>
      {/* bodyHtml is sanitised by the server before it reaches the page. */}
      <div className="faq__answer rich-text" dangerouslySetInnerHTML={{ __html: bodyHtml }} />
    </details>
  );
}
