import { html } from "hono/html";

/**
 * The <head> of the worker's plain server pages that are not the React app (the site lock screen,
 * the dev login portal, the dev checkout): never indexed, the club's icon, one stylesheet and,
 * where a page needs one, one module script.
 */
export function standaloneHead({ title, stylesheet, script }: { title: string; stylesheet: string; script?: string }) {
  return html`<head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${title}</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <link rel="stylesheet" href="${stylesheet}" />${script ? html`
    <script type="module" src="${script}"></script>` : ""}
  </head>`;
}
