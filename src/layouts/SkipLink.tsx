import type { MouseEvent } from "react";

/**
 * Focuses the main landmark (tabIndex -1) without a hash in the URL: a '#main' location would
 * be taken by the router and the hash scroll of spec §2 as an anchor to scroll to a second later.
 */
function skipToMain(event: MouseEvent<HTMLAnchorElement>): void {
  const main = document.getElementById("main");
  if (!main) return;
  event.preventDefault();
  main.focus();
}

/** The first link of every layout: past the header to the page's <main id="main">. */
export function SkipLink() {
  return (
    <a className="skip-link" href="#main" onClick={skipToMain}>
      Skip to content
    </a>
  );
}
